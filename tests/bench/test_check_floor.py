"""bench/check_floor.py: a Check's parts, timed in the site's Pyodide under Node, each alone."""

from bench import check_floor


def test_a_lessons_reference_is_checked_and_each_part_timed(built_site):
    floor = check_floor.measure(built_site, ["8.6", "7.5"], checks=2)
    assert floor["python"].startswith("3.14")
    for lesson in ("8.6", "7.5"):
        parts = floor["lessons"][lesson]
        assert sorted(parts) == sorted(check_floor.PARTS)
        assert all(len(times) == 2 for times in parts.values())
        code, side, judging = check_floor.medians(floor, lesson)
        # The learner's code is part of the learner's side, which also makes the inputs and ships the graphs.
        assert 0 < code < side
        assert judging > 0
    assert check_floor.checks_timed(floor) == 2
    assert check_floor.describe(floor, "8.6").startswith("code ")
    assert check_floor.describe(floor, "9.9") == "?"
