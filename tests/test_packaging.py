"""Packaging for phones and tablets: what ``flet build apk|ipa`` reads from ``pyproject.toml``,
and a runtime that Flet's mobile package index can install.

The phone build does not read ``uv.lock``: it installs ``project.dependencies`` again for
Android or iOS, and takes every native wheel from Flet's mobile index, which lags PyPI. So each
runtime package, at the version the lock resolves, has to be pure Python (one wheel for every
platform) or one of the versions that index is known to have (MOBILE_PINS).
"""

from __future__ import annotations

import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name, parse_wheel_filename
from packaging.version import Version

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LOCK = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
LOCK_VERSIONS = {p["name"]: p["version"] for p in LOCK["package"]}

# Packages with native code, and the versions a phone build can get for them.
MOBILE_PINS = {
    # Known to be on Flet's mobile index (../shared/FLET-NOTES.md).
    "pydantic-core": "==2.46.3",
    "greenlet": "==3.5.1",
    # The index has 2.0.50 (pinned in pyproject.toml); SQLAlchemy also publishes a pure-Python
    # wheel, so another 2.0.x would still install, only without its C speedups.
    "sqlalchemy": "==2.0.*",
    # Pure Python itself, but it accepts only the one pydantic-core above.
    "pydantic": "==2.13.3",
    # Not yet checked against the mobile index (it cannot be reached from here): flet needs
    # msgpack>=1.1.0 and Mako (Alembic's templates) needs MarkupSafe>=2.0, so these allow what
    # they ask for. Unpinned, a phone build takes the newest version it finds a phone wheel
    # for, whatever the lock says.
    "msgpack": ">=1.1.0",
    "markupsafe": ">=2.0",
}
# Of these, the ones the notes vouch for: the phone build must ask for exactly that version.
EXACT_ON_PHONES = ("pydantic-core", "greenlet", "sqlalchemy", "pydantic")

DEV_ONLY = ("flet-web", "flet-cli", "pytest", "hypothesis", "playwright", "ruff", "mypy")

# Where an environment marker is asked about a phone: Python 3.13 and later name the platforms
# (sys_platform "android"/"ios"), older builds look like Linux and Darwin. A dependency is left
# out only when its marker is false for every one of them.
_PHONE = {"os_name": "posix", "implementation_name": "cpython"}
MOBILE_ENVIRONMENTS = [
    {
        **_PHONE,
        "sys_platform": sp,
        "platform_system": ps,
        "platform_machine": pm,
        "python_version": pv,
        "python_full_version": f"{pv}.0",
    }
    for sp, ps, pm in [
        ("android", "Android", "aarch64"),
        ("android", "Android", "x86_64"),
        ("linux", "Linux", "aarch64"),
        ("ios", "iOS", "arm64"),
        ("darwin", "Darwin", "arm64"),
    ]
    for pv in ("3.12", "3.13", "3.14")
]

# The `[tool.flet]` keys flet-cli 1.0.5's build command reads that this project may use.
FLET_KEYS = {
    "org",
    "product",
    "company",
    "copyright",
    "build_number",
    "bundle_id",
    "artifact",
    "icon_background",
    "app.path",
    "app.module",
    "app.exclude",
    "app.include",
    "splash.color",
    "splash.dark_color",
    "splash.icon_background",
    "splash.android",
    "splash.ios",
    "splash.web",
    # the built-in boot screen's text (flet 1.0.5: FletApp.boot_screen_options; flet PR 6616)
    "boot_screen.flet.startup_message",
    "android.adaptive_icon_background",
    "android.dependencies",
    "ios.dependencies",
}


def on_a_phone(marker: str | None) -> bool:
    return marker is None or any(Marker(marker).evaluate(env) for env in MOBILE_ENVIRONMENTS)


def runtime_closure(lock: dict) -> dict[str, dict]:
    """Every package the app needs at run time on a phone, by name: ``partija``'s dependencies
    (not its development groups), transitively, with the extras asked for."""
    by_name: dict[str, list[dict]] = {}
    for package in lock["package"]:
        by_name.setdefault(package["name"], []).append(package)
    [root] = by_name["partija"]
    found: dict[str, dict] = {}
    extras_taken: set[tuple[str, str]] = set()
    todo = list(root.get("dependencies", []))
    while todo:
        dep = todo.pop()
        if not on_a_phone(dep.get("marker")):
            continue
        for package in by_name[dep["name"]]:
            if "version" in dep and package["version"] != dep["version"]:
                continue  # the lock holds several versions; the dependency names its own
            name = package["name"]
            if name not in found:
                found[name] = package
                todo += package.get("dependencies", [])
            for extra in dep.get("extra", []):
                if (name, extra) not in extras_taken:
                    extras_taken.add((name, extra))
                    todo += package.get("optional-dependencies", {}).get(extra, [])
    return found


def is_pure_python(package: dict) -> bool:
    """The lock lists a wheel for any platform (``py3-none-any``) at this version."""
    for wheel in package.get("wheels", []):
        filename = wheel.get("url", wheel.get("path", "")).rsplit("/", 1)[-1]
        _, _, _, tags = parse_wheel_filename(filename)
        if any(t.abi == "none" and t.platform == "any" and t.interpreter == "py3" for t in tags):
            return True
    return False


def mobile_problems(pyproject: dict, lock: dict) -> list[str]:
    """Why a phone build could not install the locked runtime; empty when it can."""
    problems = []
    closure = runtime_closure(lock)
    for name, package in sorted(closure.items()):
        version = Version(package["version"])
        if name in MOBILE_PINS:
            if version not in SpecifierSet(MOBILE_PINS[name]):
                problems.append(f"{name} {version}: the phone build allows {MOBILE_PINS[name]}")
        elif not is_pure_python(package):
            problems.append(f"{name} {version}: native wheels only, and not in MOBILE_PINS")
    for name in DEV_ONLY:
        if name in closure:
            problems.append(f"{name} is a runtime dependency; it belongs to development")
    declared = {
        canonicalize_name(r.name): r for r in map(Requirement, pyproject["project"]["dependencies"])
    }
    for name in EXACT_ON_PHONES:
        requirement = declared.get(name)
        locked = closure.get(name, {}).get("version")
        if requirement is None or str(requirement.specifier) != f"=={locked}":
            problems.append(
                f"{name}: project.dependencies must pin =={locked} for the phone build "
                f"(has {requirement})"
            )
    return problems


def png_header(path: Path) -> tuple[int, int, int]:
    """Width, height and colour type from a PNG's IHDR chunk."""
    data = path.read_bytes()[:26]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height, _depth, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, colour


# --- the project as it is ---


def test_the_runtime_installs_on_phones():
    closure = runtime_closure(LOCK)
    assert {"flet", "flet-charts", "sqlmodel", "pydantic-core", "greenlet"} <= closure.keys()
    assert mobile_problems(PYPROJECT, LOCK) == []


def test_development_tools_stay_in_the_dev_group():
    runtime = {canonicalize_name(Requirement(d).name) for d in PYPROJECT["project"]["dependencies"]}
    dev = {canonicalize_name(Requirement(d).name) for d in PYPROJECT["dependency-groups"]["dev"]}
    assert not runtime & set(DEV_ONLY)
    assert {"flet-web", "pytest", "hypothesis", "playwright", "ruff", "mypy"} <= dev


def flat_keys(table: dict, prefix: str = "") -> set[str]:
    keys = set()
    for key, value in table.items():
        if isinstance(value, dict):
            keys |= flat_keys(value, f"{prefix}{key}.")
        else:
            keys.add(f"{prefix}{key}")
    return keys


def test_flet_build_settings():
    flet = PYPROJECT["tool"]["flet"]
    assert flat_keys(flet) <= FLET_KEYS, "a [tool.flet] key flet build does not read"
    assert flet["org"] and flet["product"] == "Partija"
    app = flet["app"]
    assert (ROOT / app["path"] / f"{app['module']}.py").is_file()
    assert {"tests", "bench"} <= set(app["exclude"])
    for colour in flet["splash"].values():
        assert len(colour) == 7 and colour[0] == "#" and int(colour[1:], 16) >= 0
    assert PYPROJECT["project"]["scripts"]["partija"] == "app.cli:main"


def test_icon_splash_and_favicon():
    width, height, colour = png_header(ROOT / "assets" / "icon.png")
    # iOS wants 1024 px; opaque (no alpha), it is taken as the finished icon on every platform
    # instead of being shrunk onto a white ground.
    assert width == height >= 1024 and colour in (0, 2)
    width, height, colour = png_header(ROOT / "assets" / "splash.png")
    assert width == height >= 512 and colour in (4, 6)  # the cards over the splash colour
    width, height, _ = png_header(ROOT / "assets" / "favicon.png")  # flet-web serves it
    assert width == height >= 32
    assert (ROOT / "assets" / "icon.svg").is_file()


def test_version_on_the_command_line():
    expected = f"partija {PYPROJECT['project']['version']}\n"
    run = subprocess.run(
        [sys.executable, "main.py", "--version"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (run.returncode, run.stdout, run.stderr) == (0, expected, "")
    script = Path(sys.executable).with_name("partija")
    assert script.exists(), "the partija command is not installed: run `uv sync`"
    run = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout) == (0, expected)


def test_version_from_pyproject_when_not_installed(monkeypatch):
    import importlib.metadata

    from app import cli

    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert cli.version() == PYPROJECT["project"]["version"]


# --- the checks themselves catch what they are for ---


def doctored_lock(**changes) -> dict:
    """The real lock with fields of some packages replaced: ``name={field: value}``."""
    lock = {"package": []}
    for package in LOCK["package"]:
        package = dict(package)
        for name, change in changes.items():
            if package["name"] == name:
                package.update(change)
        lock["package"].append(package)
    return lock


def test_a_native_package_the_index_lacks_is_caught():
    native_only = [{"url": "https://example.invalid/alembic-9.9-cp311-cp311-linux_x86_64.whl"}]
    problems = mobile_problems(PYPROJECT, doctored_lock(alembic={"wheels": native_only}))
    assert [p for p in problems if p.startswith("alembic ")] == [
        f"alembic {LOCK_VERSIONS['alembic']}: native wheels only, and not in MOBILE_PINS"
    ]


def test_a_newer_native_release_is_caught():
    problems = mobile_problems(PYPROJECT, doctored_lock(greenlet={"version": "3.6.0"}))
    assert "greenlet 3.6.0: the phone build allows ==3.5.1" in problems
    assert any(p.startswith("greenlet: project.dependencies must pin ==3.6.0") for p in problems)


def test_a_loose_pin_in_pyproject_is_caught():
    pyproject = {
        "project": {
            "dependencies": [
                "greenlet>=3" if d.startswith("greenlet") else d
                for d in PYPROJECT["project"]["dependencies"]
            ]
        }
    }
    [problem] = mobile_problems(pyproject, LOCK)
    assert problem.startswith("greenlet: project.dependencies must pin ==3.5.1")


def test_a_development_tool_at_run_time_is_caught():
    root = next(p for p in LOCK["package"] if p["name"] == "partija")
    dependencies = root["dependencies"] + [{"name": "pytest"}]
    problems = mobile_problems(PYPROJECT, doctored_lock(partija={"dependencies": dependencies}))
    assert "pytest is a runtime dependency; it belongs to development" in problems


def test_markers_that_exclude_phones_are_followed():
    assert on_a_phone(None) and on_a_phone("sys_platform != 'emscripten'")
    assert not on_a_phone("sys_platform == 'win32'")
    root = next(p for p in LOCK["package"] if p["name"] == "partija")
    dependencies = root["dependencies"] + [{"name": "pytest", "marker": "sys_platform == 'win32'"}]
    closure = runtime_closure(doctored_lock(partija={"dependencies": dependencies}))
    assert "pytest" not in closure


@pytest.mark.parametrize(
    "wheel, pure",
    [
        ("x-1-py3-none-any.whl", True),
        ("x-1-py2.py3-none-any.whl", True),
        ("x-1-cp311-cp311-manylinux_2_17_x86_64.whl", False),
        ("x-1-cp311-abi3-android_24_arm64_v8a.whl", False),
    ],
)
def test_pure_python_means_a_wheel_for_any_platform(wheel, pure):
    assert is_pure_python({"wheels": [{"url": f"https://example.invalid/{wheel}"}]}) is pure


def test_a_built_apps_start_screen_says_loading_in_lithuanian():
    from app.i18n import DEFAULT_LANGUAGE, tr

    screen = PYPROJECT["tool"]["flet"]["boot_screen"]["flet"]
    assert screen["startup_message"] == tr(DEFAULT_LANGUAGE, "app.loading") == "Kraunama…"
