"""Partija's Flet app: views and their controllers."""
