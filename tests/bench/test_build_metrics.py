"""bench/build_metrics.py: the generated course that `make bench` times must be one the build accepts."""

import build
from bench.build_metrics import GENERATED_MODULES, LESSONS_PER_MODULE, generate_course


def test_the_generated_course_of_200_lessons_is_one_the_build_accepts(tmp_path):
    lesson_file = next(build.LESSONS_DIR.glob("8.6-*.md"))
    lessons = generate_course(lesson_file, tmp_path / "lessons")
    course = build.load_course(lessons, build.make_templates())  # raises LessonProblems, listing each
    assert len(course.lessons) == len(GENERATED_MODULES) * LESSONS_PER_MODULE == 200
