"""Your graph: the graph the learner's function built, drawn with its gradients, the highway named,
the reference beside a wrong answer, big graphs folded; loaded as the learner comes to the exercise.
Every lesson's right answer drawn whole is a step of tests/browser/test_every_lesson.py."""

import re

from playwright.sync_api import expect

from tests.browser.axe import axe_violations
from tests.browser.lesson import (
    BLANK,
    RUN_TIMEOUT_MS,
    cases_table,
    check_passes,
    click,
    lesson_folders,
    open_lesson,
    right_solution,
    set_code,
    show_graph,
    starter_code,
    two_frames,
    wait_for_python,
)
from tests.corpus import lesson_exercise


def node_row(page, name, node):
    table = page.get_by_role("table", name=name)
    return table.get_by_role("row").filter(has=page.get_by_role("cell", name=node, exact=True))


def test_the_right_answer_shows_the_highway_and_the_checks_gradient(page, site_url):
    loaded = []
    page.on("request", lambda request: loaded.append(request.url))
    open_lesson(page, site_url)
    wait_for_python(page)
    assert not any("graph-view" in url for url in loaded)  # not part of the page's first load
    expect(page.get_by_role("button", name="Show your graph")).to_be_hidden()
    set_code(page, right_solution(page))
    check_passes(page)
    # Each cell carries its column's label too (shown on phones, where rows become cards).
    depth_3 = cases_table(page).get_by_role("row").filter(has_text=re.compile(r"^Depth\s*3\s*Input\s*2\.5"))
    expect(depth_3.get_by_role("cell").nth(4)).to_have_text(re.compile(r"1\.331$"))
    show_graph(page)
    figure = page.get_by_role("figure", name="Your graph")
    expect(figure).to_contain_text("13 nodes")
    expect(figure).to_contain_text("highway")
    expect(figure.locator(".graph-node.highway")).to_have_count(4)  # x and the three + nodes
    expect(node_row(page, "Your graph as a table", "input x").get_by_role("cell").nth(2)).to_have_text("1.331")
    expect(page.get_by_role("figure", name="Reference graph")).to_have_count(0)
    assert any("graph-view" in url for url in loaded)


def test_the_view_loads_as_the_learner_comes_to_the_exercise_and_again_after_it_failed(new_context, site_url):
    page = new_context(service_workers="block").new_page()  # the offline copy would answer past the route
    back = []  # empty while the view's module is cut off
    view = re.compile(r".*/static/graph-view\.[0-9a-f]+\.js(\?.*)?$")  # a try after a failure has a query of its own
    page.route(view, lambda route: route.abort() if not back else route.continue_())
    is_view = lambda request: "/static/graph-view." in request.url  # noqa: E731
    with page.expect_event("requestfailed", is_view):
        open_lesson(page, site_url)
        set_code(page, right_solution(page))  # coming to the exercise: the view loads while the learner writes
    with page.expect_event("requestfailed", is_view):
        check_passes(page)  # the button is offered: its view is asked for again while the learner reads the verdict
    with page.expect_request(is_view):
        page.get_by_role("button", name="Show your graph").focus()  # a keyboard learner reaching it: before the click
    click(page, "Show your graph")
    expect(page.locator(".graph-status")).to_contain_text("The graph could not be drawn")
    back.append(True)  # the next click asks for the module again
    click(page, "Show your graph")
    expect(page.get_by_role("figure", name="Your graph")).to_contain_text("highway", timeout=RUN_TIMEOUT_MS)


def test_the_view_warms_up_on_a_graph_shaped_like_the_lessons(page, site_url):
    open_lesson(page, site_url)
    with page.expect_request(lambda request: "/static/graph-view." in request.url) as loading:
        set_code(page, right_solution(page))  # coming to the exercise loads the view (and warms it up at idle)
    drawn = page.evaluate(
        """async (url) => {
        const { figure, table } = (await import(url)).warmUp();
        return [figure.querySelectorAll(".graph-node").length, figure.querySelectorAll(".graph-fold").length,
                table.tBodies[0].rows.length, figure.querySelector("figcaption").textContent];
    }""",
        loading.value.url,
    )
    # Every kind of thing a lesson's graph shows: nodes, a folded run of blocks and a call drawn as a box.
    assert drawn[:3] == [8, 2, 10]
    assert "highway" in drawn[3] and "3 repeated blocks folded" in drawn[3]


def test_replacing_x_shows_no_highway_and_the_reference_beside_it(page, site_url):
    open_lesson(page, site_url)
    set_code(page, starter_code(page).replace(BLANK, "x = layer(x)"))
    click(page, "Run")
    expect(page.get_by_role("button", name="Show your graph")).to_be_visible(timeout=RUN_TIMEOUT_MS * 3)
    show_graph(page)
    expect(page.get_by_role("figure", name="Your graph")).to_contain_text("No highway")
    expect(page.get_by_role("figure", name="Your graph")).to_contain_text("from 1 at the output to 0.001 at x")
    expect(page.get_by_role("figure", name="Reference graph")).to_contain_text("highway")


# What happens to the graph panel from the click on, in order: "busy" or "done" as it says it is being
# updated or no longer is, "pane" for each graph that comes into it.
WATCH_BUSY = """() => {
  const panel = document.querySelector('.exercise .graph-area');
  window.panelEvents = [];
  const watch = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') window.panelEvents.push(...[...record.addedNodes].map(() => 'pane'));
      else window.panelEvents.push(record.oldValue === 'true' ? 'done' : 'busy');
    }
  });
  watch.observe(panel, { attributeFilter: ['aria-busy'], attributeOldValue: true });
  watch.observe(panel.querySelector('.graphs'), { childList: true });
  document.querySelector('.exercise button[data-action="graph"]').click();
}"""


def test_the_graph_panel_is_busy_from_the_click_until_the_references_graph_has_come(page, site_url):
    open_lesson(page, site_url)
    set_code(page, starter_code(page).replace(BLANK, "x = layer(x)"))
    click(page, "Run")
    expect(page.get_by_role("button", name="Show your graph")).to_be_visible(timeout=RUN_TIMEOUT_MS * 3)
    page.evaluate(WATCH_BUSY)
    expect(page.get_by_role("figure", name="Reference graph")).to_be_visible(timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".exercise .graph-area")).not_to_have_attribute("aria-busy", "true")
    events = page.evaluate("window.panelEvents")
    assert events == ["busy", "pane", "pane", "done"], events  # your graph, then the reference's
    click(page, "Run")  # a new run clears the graphs, and whatever was still on its way
    expect(page.locator(".exercise .graphs")).to_be_empty()
    expect(page.locator(".exercise .graph-area")).not_to_have_attribute("aria-busy", "true")


def test_a_twenty_layer_graph_draws_folded(page, site_url):
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    check_passes(page, timeout=RUN_TIMEOUT_MS * 3)
    show_graph(page, case="depth 20, input 1 and layer rate 0.1")
    figure = page.get_by_role("figure", name="Your graph")
    expect(figure).to_contain_text("81 nodes")
    expect(figure.locator(".graph-fold")).to_contain_text("17 more layers like this")
    expect(page.get_by_role("table", name="Your graph as a table")).to_contain_text("17 more layers like this")


def test_axe_finds_nothing_with_the_view_open_in_light_and_dark(page, site_url):
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)  # before the page loads, as a system's setting would be
        open_lesson(page, site_url)
        set_code(page, starter_code(page).replace(BLANK, "x = layer(x)"))
        click(page, "Run")
        expect(page.get_by_role("button", name="Show your graph")).to_be_visible(timeout=RUN_TIMEOUT_MS * 3)
        show_graph(page)
        expect(page.get_by_role("figure", name="Reference graph")).to_be_visible()
        assert not axe_violations(page), scheme


def test_on_a_360_px_phone_the_graph_pans_and_zooms_inside_the_page(page, site_url):
    page.set_viewport_size({"width": 360, "height": 740})
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    check_passes(page, timeout=RUN_TIMEOUT_MS * 3)
    show_graph(page)
    drawing = page.get_by_role("group", name="Your graph, drawing: scroll to pan")
    expect(drawing).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # the page itself never scrolls sideways
    assert drawing.evaluate("box => box.scrollWidth > box.clientWidth")  # the drawing does, inside its box
    width = lambda: drawing.locator("svg").evaluate("svg => svg.getBoundingClientRect().width")  # noqa: E731
    before = width()
    page.get_by_role("button", name="Zoom out: Your graph").click()
    assert width() < before


def test_two_graphs_side_by_side_move_nothing_above_them(page, site_url):
    # They want more than the lesson's column, and reach out of it. A column widened for them would reflow
    # every line above, and take the button just pressed out of view.
    width = 1280
    page.set_viewport_size({"width": width, "height": 720})
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, starter_code(page).replace(BLANK, "x = layer(x)"))
    click(page, "Check")
    button = page.get_by_role("button", name="Show your graph")
    expect(button).to_be_visible(timeout=RUN_TIMEOUT_MS)
    button.evaluate("b => b.scrollIntoView({ block: 'start' })")  # at the top edge, where reflow above moves it out
    before = button.bounding_box()["y"]
    button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("figure", name="Reference graph")).to_be_visible(timeout=RUN_TIMEOUT_MS)
    two_frames(page)
    expect(button).to_be_focused()
    assert button.bounding_box()["y"] == before, "the button moved when the two graphs came side by side"
    assert page.locator(".graphs.side-by-side").bounding_box()["width"] > page.locator("main").bounding_box()["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_given_blocks_of_a_whole_layer_are_boxes_in_the_drawing_and_the_table(page, site_url, built_site):
    (stacking,) = [folder for folder in lesson_folders(built_site) if folder.startswith("9.3-")]
    page.goto(f"{site_url}{stacking}/index.html")
    wait_for_python(page)
    set_code(page, lesson_exercise("9.3")[0]["solution"])
    check_passes(page)
    show_graph(page)
    figure = page.get_by_role("figure", name="Your graph")
    expect(figure).to_contain_text("213 nodes")
    expect(figure).to_contain_text("5 calls of the lesson's given functions drawn as one box each")
    expect(figure.locator(".graph-call")).to_have_count(5)
    expect(figure.locator(".graph-call").nth(3)).to_contain_text("mlp: 112 nodes inside")
    table = page.get_by_role("table", name="Your graph as a table")
    expect(
        table.get_by_role("cell", name=re.compile(r"^A call of attention: 26 nodes inside, from node 15, node 23"))
    ).to_be_visible()
