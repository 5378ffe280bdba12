"""bench/run --pi: the CPU quota it puts on itself, and what it says when the machine has none."""

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parent.parent / "bench"


@pytest.fixture
def bench(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    pispeed = importlib.import_module("pispeed")
    runner = importlib.import_module("runner")
    return pispeed, runner


def test_v1_quota_is_one_ms_in_eight_and_the_process_goes_back(bench, tmp_path):
    pispeed, _ = bench
    cpu = tmp_path / "cpu"
    cpu.mkdir()
    (cpu / "cpu.cfs_quota_us").write_text("-1")
    with pispeed.pi_speed(root=tmp_path) as how:
        group = cpu / f"bench-pi-{os.getpid()}"
        assert (group / "cpu.cfs_period_us").read_text() == "8000"
        assert (group / "cpu.cfs_quota_us").read_text() == "1000"
        assert (group / "cgroup.procs").read_text() == str(os.getpid())
        assert "1 ms of CPU in every 8 ms" in how and "v1" in how
    assert (cpu / "cgroup.procs").read_text() == str(os.getpid())


def test_v2_quota_written_as_cpu_max(bench, tmp_path):
    pispeed, _ = bench
    (tmp_path / "cgroup.subtree_control").write_text("cpuset cpu io memory\n")
    with pispeed.pi_speed(share=4, root=tmp_path) as how:
        assert (tmp_path / f"bench-pi-{os.getpid()}" / "cpu.max").read_text() == "1000 4000"
        assert "v2" in how


def test_no_cpu_controller_is_said_and_nothing_runs(bench, tmp_path, monkeypatch, capsys):
    pispeed, runner = bench
    (tmp_path / "cgroup.subtree_control").write_text("memory pids\n")
    with pytest.raises(pispeed.NoQuota, match="no cgroup CPU controller"):
        with pispeed.pi_speed(root=tmp_path):
            pytest.fail("ran without a quota")
    monkeypatch.setattr(pispeed, "CGROUP", tmp_path)
    ran = []
    monkeypatch.setattr(runner, "run", ran.append)
    assert runner.main(["--pi", "game"]) == 3
    assert ran == []
    err = capsys.readouterr().err
    assert "does not allow a CPU quota" in err and "nothing ran" in err


def test_unknown_benchmark_named_before_any_quota(bench, capsys):
    _, runner = bench
    assert runner.main(["--pi", "nosuch"]) == 2
    assert "unknown benchmark nosuch" in capsys.readouterr().err


def test_a_sigterm_inside_the_quota_still_takes_the_process_back(tmp_path):
    """A `timeout` or a kill of bench/run --pi leaves no process in the group (so the kernel
    can remove it): the quota's block ends as an exit does."""
    cpu = tmp_path / "cpu"
    cpu.mkdir()
    (cpu / "cpu.cfs_quota_us").write_text("-1")
    code = ("import os, signal, sys; sys.path.insert(0, sys.argv[1]); import pispeed\n"
            "from pathlib import Path\n"
            "with pispeed.pi_speed(root=Path(sys.argv[2])):\n"
            "    os.kill(os.getpid(), signal.SIGTERM)\n"
            "    signal.pause()\n")
    done = subprocess.run([sys.executable, "-c", code, str(BENCH), str(tmp_path)], timeout=30)
    assert done.returncode == 128 + 15
    (group,) = cpu.glob("bench-pi-*")
    child = (group / "cgroup.procs").read_text()          # the pid it put in the group
    assert child and (cpu / "cgroup.procs").read_text() == child   # ... and took back out
