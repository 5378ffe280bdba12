"""Run the firmware's codec and protocol checks under real MicroPython.

The MicroPython WebAssembly port from the npm registry runs under Node.js; this catches code
that only CPython accepts.  The package is installed on first use into .cache/ (git-ignored).
"""

import pytest

import firmware_paths
import mpwasm


def run_micropython(tmp_path, code, extra=()):
    try:
        return mpwasm.run(code, extra, folder=tmp_path)
    except mpwasm.Unavailable as err:
        pytest.fail(str(err))


def test_checks_pass_under_micropython(tmp_path):
    code = (
        "import sys, json\n"
        "print(sys.implementation.name, sys.implementation.version)\n"
        "import portable_checks\n"
        "portable_checks.run_all(json.load(open('/w/link.json')))\n"
    )
    vectors = tmp_path / "link.json"
    vectors.write_text(firmware_paths.VECTORS.read_text())
    done = run_micropython(tmp_path, code, extra=[firmware_paths.HERE / "portable_checks.py", vectors])
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("micropython (1, 27"), done.stdout
    import portable_checks
    assert f"ALL {len(portable_checks.CHECKS)} CHECKS PASSED" in done.stdout, done.stdout


def test_main_builds_under_micropython(tmp_path):
    code = (
        "import main, rp2\n"
        "node = main.build(lambda b: None, now=lambda: 0, diff=lambda a, b: a - b)\n"
        "print(node.strip.n, node.strip.sm.sideset_base.id, node.servo.pwm.pin.id)\n"
    )
    done = run_micropython(tmp_path, code)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == ["60", "2", "15"]


def test_a_cpython_only_construct_is_caught(tmp_path):
    # the point of running under MicroPython: code CPython accepts but MicroPython does not
    done = run_micropython(tmp_path, "b = bytearray(b'abc')\ndel b[0:1]\n")
    assert done.returncode == 1
    assert "TypeError" in done.stderr


def run_probe(tmp_path, code):
    return run_micropython(tmp_path, "import probes\n" + code,
                           extra=[firmware_paths.HERE / "probes.py"])


def test_an_exception_in_the_serving_loop_resets_the_board_under_micropython(tmp_path):
    # the stand-in machine.reset() records the call and raises machine.Reset (a real reset
    # never returns); the exception is injected into the strip driver the loop calls
    code = (
        "import machine\n"
        "s = probes.reset_after_exception()\n"
        "print('RESETS', len(machine.resets), 'WATCHDOGS', len(machine.watchdogs), 'AFTER', s)\n"
    )
    done = run_probe(tmp_path, code)
    assert done.returncode == 0, done.stdout + done.stderr
    words = done.stdout.split()
    assert words[:4] == ["RESETS", "1", "WATCHDOGS", "1"], done.stdout


def test_the_serving_loop_allocates_nothing_per_byte_under_micropython(tmp_path):
    # 10,000+ bytes of LED frames, heartbeats, servo moves and 2,000 sync bytes through
    # main.serve -> the decoder -> the node -> the replies, with the collector off
    code = (
        "allocated, fed, frames = probes.allocation(10000)\n"
        "print('ALLOCATED', allocated, 'BYTES', fed, 'FRAMES', frames)\n"
    )
    done = run_probe(tmp_path, code)
    assert done.returncode == 0, done.stdout + done.stderr
    _, allocated, _, fed, _, frames = done.stdout.split()
    assert int(fed) >= 10000 and int(frames) > 100
    assert int(allocated) == 0, f"{allocated} bytes allocated over {fed} bytes ({frames} frames)"
