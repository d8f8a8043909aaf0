# bonnie++'s progress messages timed by their arrival (scripts/peer-bench.sh's .stamps files), shared by
# peer-bench-report.py and peer-bench-files.py: how long a test took where bonnie++ printed +++++ for it.

MIN_STAMPED_SECONDS = 0.05


def stamped_seconds(stamps, msg):
    """Seconds between bonnie++ printing `msg` and the "done" that follows it; None if not found or shorter than
    MIN_STAMPED_SECONDS, where the stamps' own error (two processes scheduled on a loaded machine) can be most of
    it: at -n 16 a stat phase of some 40 ms came out as 4 ms, a rate ten times bonnie++'s own at -n 200."""
    text, events = stamps["text"], stamps["events"]
    start = text.find(msg)
    if start < 0:
        return None
    done = text.find("done", start + len(msg))
    at = lambda pos: next(t for end, t in events if end > pos)
    secs = at(done) - at(start + len(msg) - 1)
    return secs if secs >= MIN_STAMPED_SECONDS else None
