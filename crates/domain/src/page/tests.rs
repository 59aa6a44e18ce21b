use super::check::*;
use super::fields::{at, in_widget};
use super::*;
use crate::catalogue::WidgetRef;
use serde_json::{Value, json};
use std::collections::HashSet;

/// A valid widget of type `kind` (a line gets its points).
fn widget(id: &str, kind: &str) -> Value {
    let mut w = json!({
        "id": id,
        "widgetType": kind,
        "position": { "x": 10, "y": 20, "width": 100, "height": 40, "rotate": 0 },
    });
    if kind == LINE {
        w["points"] = json!([[0, 0], [100, 0]]);
    }
    w
}

fn group(id: &str, children: Vec<Value>) -> Value {
    let mut g = widget(id, GROUP);
    g["children"] = Value::Array(children);
    g
}

fn page(widgets: Vec<Value>) -> String {
    json!({ "widgets": widgets }).to_string()
}

/// `value` with `pointer` (`/a/b`) set to `to`, making the objects on the way.
fn set(mut value: Value, pointer: &str, to: Value) -> Value {
    let mut current = &mut value;
    for key in pointer.trim_start_matches('/').split('/') {
        if !current.is_object() {
            *current = json!({});
        }
        current = current.as_object_mut().unwrap().entry(key.to_owned()).or_insert(Value::Null);
    }
    *current = to;
    value
}

fn refusal(text: &str) -> Reason {
    validate_document(text).expect_err("refused").0
}

fn field(path: &str, reason: Reason) -> Reason {
    at(path, reason)
}

fn of_widget(id: &str, reason: Reason) -> Reason {
    in_widget(WidgetRef::Id(id.to_owned()), reason)
}

fn of_place(place: &str, reason: Reason) -> Reason {
    in_widget(WidgetRef::At(place.to_owned()), reason)
}

/// Sets `pointer` on a valid widget `w1` of `kind` and checks the answer: `None` accepted, else the refusal
/// naming `w1` and the field.
fn check_widget_rule(kind: &str, pointer: &str, to: Value, expected: Option<(&str, Reason)>) {
    let text = page(vec![set(widget("w1", kind), pointer, to.clone())]);
    let answer = validate_document(&text).map_err(|p| p.0);
    match expected {
        None => assert!(answer.is_ok(), "{kind} {pointer} = {to}: {answer:?}"),
        Some((path, reason)) => {
            assert_eq!(answer, Err(of_widget("w1", field(path, reason))), "{kind} {pointer} = {to}")
        }
    }
}

fn range(min: i64, max: i64) -> Reason {
    Reason::OutOfRange { min, max }
}

#[test]
fn a_minimal_document_gets_the_default_canvas() {
    assert_eq!(validate_document(r#"{"widgets":[]}"#), Ok(ValidDocument { width: 1024, height: 768, widgets: 0 }));
    let sized = json!({ "con": { "width": 1920, "height": 1080.0 }, "widgets": [] }).to_string();
    assert_eq!(validate_document(&sized), Ok(ValidDocument { width: 1920, height: 1080, widgets: 0 }));
}

#[test]
fn the_widget_count_includes_group_children() {
    let grouped = group("g", vec![widget("a", "ShapeCircle"), widget("b", "ShapeEllipse")]);
    let text = page(vec![grouped, widget("c", "ShapeCircle")]);
    assert_eq!(validate_document(&text).map(|valid| valid.widgets), Ok(4));
}

#[test]
fn the_document_must_be_a_json_object_with_a_widget_list() {
    assert_eq!(refusal("{"), Reason::BadJson);
    assert_eq!(refusal(""), Reason::BadJson);
    assert_eq!(refusal("[]"), Reason::NotObject);
    assert_eq!(refusal("\"widgets\""), Reason::NotObject);
    assert_eq!(refusal("{}"), field("widgets", Reason::Required));
    assert_eq!(refusal(r#"{"widgets":null}"#), field("widgets", Reason::Required));
    assert_eq!(refusal(r#"{"widgets":{}}"#), field("widgets", Reason::NotArray));
    assert_eq!(refusal(r#"{"widgets":"[]"}"#), field("widgets", Reason::NotArray));
    // JSON has no NaN or infinity; a number too large for a double is not read as one.
    let huge =
        r#"{"widgets":[{"id":"w1","widgetType":"ShapeRect","position":{"x":1e999,"y":0,"width":1,"height":1}}]}"#;
    assert_eq!(refusal(huge), Reason::BadJson);
}

#[test]
fn the_document_is_at_most_2_mib() {
    let frame = r#"{"widgets":[],"pad":""}"#;
    let exactly = frame.replace(r#""""#, &format!("\"{}\"", "x".repeat(MAX_DOCUMENT_BYTES - frame.len())));
    assert_eq!(exactly.len(), MAX_DOCUMENT_BYTES);
    assert!(validate_document(&exactly).is_ok());
    let over = exactly.replacen('x', "xx", 1);
    assert_eq!(refusal(&over), Reason::TooLarge { max_kib: 2048 });
}

#[test]
fn canvas_options_are_checked_when_present() {
    let with_con = |con: Value| json!({ "con": con, "widgets": [] }).to_string();
    for (con, expected) in [
        (json!("big"), Some(field("con", Reason::NotObject))),
        (json!({}), None),
        (json!({ "width": 100, "height": 100 }), None),
        (json!({ "width": 10000, "height": 10000 }), None),
        (json!({ "width": 99 }), Some(field("con.width", range(100, 10000)))),
        (json!({ "width": 10001 }), Some(field("con.width", range(100, 10000)))),
        (json!({ "height": 99 }), Some(field("con.height", range(100, 10000)))),
        (json!({ "height": 10001 }), Some(field("con.height", range(100, 10000)))),
        (json!({ "width": 1024.5 }), Some(field("con.width", Reason::NotInteger))),
        (json!({ "width": "1024" }), Some(field("con.width", Reason::NotNumber))),
        (json!({ "height": true }), Some(field("con.height", Reason::NotNumber))),
        (json!({ "fit": "container" }), None),
        (json!({ "fit": "width" }), None),
        (json!({ "fit": "none" }), None),
        (json!({ "fit": "height" }), None),
        (json!({ "fit": "stretch" }), None),
        (json!({ "fit": "cover" }), Some(field("con.fit", Reason::OneOf { allowed: FITS }))),
        (json!({ "fit": 1 }), Some(field("con.fit", Reason::NotText))),
        (json!({ "bgColor": "#fff" }), None),
        (json!({ "bgColor": "#FFFFFF" }), None),
        (json!({ "bgColor": "#FFFFFF80" }), None),
        (json!({ "bgColor": "white" }), Some(field("con.bgColor", Reason::NotColour))),
        (json!({ "bgImage": "/userimg/a.png" }), None),
        (json!({ "bgImage": "" }), None),
        (json!({ "bgImage": 7 }), Some(field("con.bgImage", Reason::NotText))),
        (json!({ "bgImage": "https://example.com/plant.png" }), None),
        (json!({ "bgImage": "data:image/png;base64,iVBORw0KGgo=" }), None),
        (json!({ "bgImage": "javascript:alert(1)" }), Some(field("con.bgImage", Reason::NotImageUrl))),
        (json!({ "bgImage": "data:text/html,x" }), Some(field("con.bgImage", Reason::NotImageUrl))),
        (json!({ "checkpwd": false, "somethingNew": [1] }), None),
    ] {
        let answer = validate_document(&with_con(con.clone())).map_err(|p| p.0);
        match expected {
            None => assert!(answer.is_ok(), "{con}: {answer:?}"),
            Some(reason) => assert_eq!(answer, Err(reason), "{con}"),
        }
    }
}

#[test]
fn bind_lists_are_lists_when_present() {
    let with_bind = |bind: Value| json!({ "widgets": [], "bind": bind }).to_string();
    assert!(validate_document(&with_bind(json!({}))).is_ok());
    assert!(validate_document(&with_bind(json!({ "equips": [1], "signals": [2], "keys": [], "mvars": [] }))).is_ok());
    assert_eq!(refusal(&with_bind(json!([]))), field("bind", Reason::NotObject));
    for list in BIND_LISTS {
        let bad = with_bind(json!({ list: {} }));
        assert_eq!(refusal(&bad), field(&format!("bind.{list}"), Reason::NotArray));
    }
}

#[test]
fn a_widget_needs_an_id_of_1_to_64_characters() {
    let with_id = |id: Value| page(vec![set(widget("w1", "ShapeRect"), "/id", id)]);
    assert!(validate_document(&with_id(json!("a"))).is_ok());
    assert!(validate_document(&with_id(json!("x".repeat(64)))).is_ok());
    assert!(validate_document(&with_id(json!("页".repeat(64)))).is_ok(), "characters, not bytes");
    // Without a usable id the widget is named by its place.
    for (id, reason) in [
        (Value::Null, Reason::Required),
        (json!(""), Reason::Required),
        (json!("x".repeat(65)), Reason::TooLong { max: 64 }),
        (json!(7), Reason::NotText),
    ] {
        assert_eq!(refusal(&with_id(id.clone())), of_place("widgets[0]", field("id", reason)), "{id}");
    }
    assert_eq!(refusal(&page(vec![widget("a", "ShapeRect"), json!(5)])), of_place("widgets[1]", Reason::NotObject));
}

#[test]
fn ids_are_unique_in_the_page_group_children_included() {
    let twice = page(vec![widget("a", "ShapeRect"), widget("a", "ShapeCircle")]);
    assert_eq!(refusal(&twice), of_widget("a", Reason::DuplicateId));
    let in_group =
        page(vec![widget("a", "ShapeRect"), group("g", vec![widget("b", "UsualText"), widget("a", "UsualText")])]);
    assert_eq!(refusal(&in_group), of_widget("a", Reason::DuplicateId));
    let group_and_child = page(vec![group("g", vec![widget("g", "UsualText")])]);
    assert_eq!(refusal(&group_and_child), of_widget("g", Reason::DuplicateId));
    let distinct = page(vec![widget("a", "ShapeRect"), group("g", vec![widget("b", "UsualText")])]);
    assert!(validate_document(&distinct).is_ok());
}

#[test]
fn a_child_without_an_id_is_named_by_its_place_in_the_group() {
    let child = set(widget("x", "UsualText"), "/id", Value::Null);
    let text = page(vec![widget("a", "ShapeRect"), group("g", vec![widget("b", "UsualText"), child])]);
    assert_eq!(refusal(&text), of_place("widgets[1].children[1]", field("id", Reason::Required)));
}

#[test]
fn the_widget_type_is_one_of_the_list() {
    for kind in WIDGET_TYPES {
        assert!(validate_document(&page(vec![widget("w1", kind.name)])).is_ok(), "{}", kind.name);
    }
    check_widget_rule("ShapeRect", "/widgetType", Value::Null, Some(("widgetType", Reason::Required)));
    check_widget_rule("ShapeRect", "/widgetType", json!("ShapeBlob"), Some(("widgetType", Reason::NotWidgetType)));
    check_widget_rule("ShapeRect", "/widgetType", json!("shaperect"), Some(("widgetType", Reason::NotWidgetType)));
    check_widget_rule("ShapeRect", "/widgetType", json!(1), Some(("widgetType", Reason::NotText)));
}

#[test]
fn the_widget_name_is_at_most_60_characters() {
    check_widget_rule("UsualText", "/widgetName", json!("名".repeat(60)), None);
    check_widget_rule("UsualText", "/widgetName", json!(""), None);
    check_widget_rule(
        "UsualText",
        "/widgetName",
        json!("n".repeat(61)),
        Some(("widgetName", Reason::TooLong { max: 60 })),
    );
    check_widget_rule("UsualText", "/widgetName", json!(1), Some(("widgetName", Reason::NotText)));
}

#[test]
fn the_position_holds_finite_numbers_a_size_of_at_least_0_and_a_rotation_of_0_to_360() {
    let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
        check_widget_rule("ShapeRect", pointer, to, expected)
    };
    rule("/position", Value::Null, Some(("position", Reason::Required)));
    rule("/position", json!([0, 0]), Some(("position", Reason::NotObject)));
    for key in ["x", "y", "width", "height"] {
        let path = format!("position.{key}");
        rule(&format!("/position/{key}"), Value::Null, Some((&path, Reason::Required)));
        rule(&format!("/position/{key}"), json!("10"), Some((&path, Reason::NotNumber)));
        rule(&format!("/position/{key}"), json!(0), None);
        rule(&format!("/position/{key}"), json!(12.5), None);
    }
    rule("/position/x", json!(-500.5), None);
    rule("/position/y", json!(-1), None);
    rule("/position/width", json!(-0.1), Some(("position.width", Reason::Negative)));
    rule("/position/height", json!(-1), Some(("position.height", Reason::Negative)));
    rule("/position/rotate", Value::Null, None);
    rule("/position/rotate", json!(0), None);
    rule("/position/rotate", json!(360), None);
    rule("/position/rotate", json!(-0.5), Some(("position.rotate", range(0, 360))));
    rule("/position/rotate", json!(360.5), Some(("position.rotate", range(0, 360))));
    rule("/position/rotate", json!("90"), Some(("position.rotate", Reason::NotNumber)));
    for key in GEOMETRY {
        let path = format!("position.{key}");
        rule(&format!("/position/{key}"), json!(-3.5), None);
        rule(&format!("/position/{key}"), json!("3"), Some((&path, Reason::NotNumber)));
        rule(&format!("/position/{key}"), json!([3]), Some((&path, Reason::NotNumber)));
    }
}

#[test]
fn a_line_has_at_least_two_points_of_finite_numbers() {
    let rule = |to: Value, expected: Option<(&str, Reason)>| check_widget_rule(LINE, "/points", to, expected);
    rule(json!([[0, 0], [10.5, -3]]), None);
    rule(json!([[0, 0], [10, 0], [10, 10]]), None);
    rule(Value::Null, Some(("points", Reason::Required)));
    rule(json!({ "0": [0, 0] }), Some(("points", Reason::NotArray)));
    rule(json!([]), Some(("points", Reason::TooFew { min: 2 })));
    rule(json!([[0, 0]]), Some(("points", Reason::TooFew { min: 2 })));
    rule(json!([[0, 0], [1]]), Some(("points[1]", Reason::NotPoint)));
    rule(json!([[0, 0], [1, 2, 3]]), Some(("points[1]", Reason::NotPoint)));
    rule(json!([[0, "0"], [1, 2]]), Some(("points[0]", Reason::NotPoint)));
    rule(json!([{ "x": 0, "y": 0 }, [1, 2]]), Some(("points[0]", Reason::NotPoint)));
    // Other widgets may carry anything under that name: it is not theirs to check.
    check_widget_rule("ShapeRect", "/points", json!("whatever"), None);
}

#[test]
fn style_opacity_is_0_to_1_and_colours_are_hex() {
    let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
        check_widget_rule("ShapeRect", pointer, to, expected)
    };
    rule("/style", json!("bold"), Some(("style", Reason::NotObject)));
    rule("/style", json!({}), None);
    rule("/style/opacity", json!(0), None);
    rule("/style/opacity", json!(1), None);
    rule("/style/opacity", json!(0.5), None);
    rule("/style/opacity", json!(-0.01), Some(("style.opacity", range(0, 1))));
    rule("/style/opacity", json!(1.01), Some(("style.opacity", range(0, 1))));
    rule("/style/opacity", json!("1"), Some(("style.opacity", Reason::NotNumber)));
    for (pointer, path) in [
        ("/style/color", "style.color"),
        ("/style/fill/color", "style.fill.color"),
        ("/style/stroke/color", "style.stroke.color"),
    ] {
        for good in ["#abc", "#1677FF", "#1677ff80"] {
            rule(pointer, json!(good), None);
        }
        for bad in
            [json!("#abcd"), json!("1677FF"), json!("#12345"), json!("#GGGGGG"), json!("red"), json!(""), json!(255)]
        {
            rule(pointer, bad, Some((path, Reason::NotColour)));
        }
    }
    rule("/style/fill", json!("#fff"), Some(("style.fill", Reason::NotObject)));
    rule("/style/stroke", json!(1), Some(("style.stroke", Reason::NotObject)));
    rule("/style/fill", json!({ "enable": true }), None);
}

#[test]
fn a_click_link_is_only_http_or_https() {
    let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
        check_widget_rule("UsualButton", pointer, to, expected)
    };
    let link = "clickEvent.config.link";
    rule("/clickEvent", json!(true), Some(("clickEvent", Reason::NotObject)));
    rule("/clickEvent/config", json!("x"), Some(("clickEvent.config", Reason::NotObject)));
    rule("/clickEvent", json!({ "enable": false }), None);
    for good in ["https://example.com/plant?a=1", "http://10.0.0.1:8080", "HTTPS://EXAMPLE.COM"] {
        rule("/clickEvent/config", json!({ "action": "link", "link": good, "target": "_blank" }), None);
    }
    for bad in [
        "javascript:alert(1)",
        "JavaScript://x",
        "ftp://example.com",
        "//example.com",
        "https://",
        "https:///x",
        "https://exa mple.com",
        "data:text/html,x",
        "/page",
    ] {
        rule("/clickEvent/config", json!({ "action": "link", "link": bad }), Some((link, Reason::NotHttpUrl)));
        // Refused whatever the action: a stored link must be safe to follow if the action is changed.
        rule("/clickEvent/config", json!({ "action": "write", "link": bad }), Some((link, Reason::NotHttpUrl)));
    }
    rule("/clickEvent/config", json!({ "action": "link" }), Some((link, Reason::Required)));
    rule("/clickEvent/config", json!({ "action": "link", "link": "" }), Some((link, Reason::Required)));
    rule("/clickEvent/config", json!({ "action": "link", "link": 5 }), Some((link, Reason::NotText)));
    rule("/clickEvent/config", json!({ "action": "write", "link": "" }), None);
    rule("/clickEvent/config", json!({ "action": "page", "pageId": 3 }), None);
    rule("/clickEvent/config", json!({}), None);
    rule(
        "/clickEvent/config/action",
        json!("jump"),
        Some(("clickEvent.config.action", Reason::OneOf { allowed: ACTIONS })),
    );
    rule("/clickEvent/config/target", json!("_self"), None);
    rule(
        "/clickEvent/config/target",
        json!("_top"),
        Some(("clickEvent.config.target", Reason::OneOf { allowed: TARGETS })),
    );
}

#[test]
fn animation_conditions_use_known_symbols_and_numbers_and_colours_are_hex() {
    let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
        check_widget_rule("ShapeCircle", pointer, to, expected)
    };
    rule("/animation", json!([]), Some(("animation", Reason::NotObject)));
    rule("/animation", json!({}), None);
    for key in CONDITION_ANIMATIONS {
        let path = format!("animation.{key}");
        rule(&format!("/animation/{key}"), json!("on"), Some((&path, Reason::NotObject)));
        rule(&format!("/animation/{key}"), json!({ "enable": true }), None);
        for symbol in SYMBOLS {
            rule(&format!("/animation/{key}"), json!({ "symbol": symbol, "value": -2.5 }), None);
        }
        let symbol = format!("{path}.symbol");
        for bad in ["=", "=>", "<>", "eq", ""] {
            rule(&format!("/animation/{key}/symbol"), json!(bad), Some((&symbol, Reason::OneOf { allowed: SYMBOLS })));
        }
        rule(&format!("/animation/{key}/value"), json!("1"), Some((&format!("{path}.value"), Reason::NotNumber)));
        rule(&format!("/animation/{key}/value"), json!(true), Some((&format!("{path}.value"), Reason::NotNumber)));
    }
    rule("/animation/twinkle/color", json!("#F00"), None);
    rule("/animation/twinkle/color", json!("blue"), Some(("animation.twinkle.color", Reason::NotColour)));
    for key in COLOUR_ANIMATIONS {
        let path = format!("animation.{key}.dataArray");
        let pointer = format!("/animation/{key}");
        let entries = |entries: Value| json!({ "enable": true, "dataArray": entries });
        rule(&pointer, json!(1), Some((&format!("animation.{key}"), Reason::NotObject)));
        rule(&pointer, json!({ "enable": false }), None);
        rule(
            &pointer,
            entries(
                json!([{ "symbol": "==", "value": 0, "color": "#FF0000" }, { "symbol": ">=", "value": 1, "color": "#FF0" }]),
            ),
            None,
        );
        rule(&pointer, entries(json!({})), Some((&path, Reason::NotArray)));
        rule(&pointer, entries(json!([5])), Some((&format!("{path}[0]"), Reason::NotObject)));
        rule(
            &pointer,
            entries(json!([{ "symbol": "==", "value": 0, "color": "#FF0000" }, { "symbol": "~" }])),
            Some((&format!("{path}[1].symbol"), Reason::OneOf { allowed: SYMBOLS })),
        );
        rule(&pointer, entries(json!([{ "value": "0" }])), Some((&format!("{path}[0].value"), Reason::NotNumber)));
        rule(&pointer, entries(json!([{ "color": "#FF00" }])), Some((&format!("{path}[0].color"), Reason::NotColour)));
    }
}

#[test]
fn state_items_are_conditions() {
    let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
        check_widget_rule("UsualAnimation", pointer, to, expected)
    };
    rule("/data", json!("signal"), Some(("data", Reason::NotObject)));
    rule(
        "/data",
        json!({ "display": "image", "imgItems": [{ "symbol": "==", "value": 0, "url": "/userimg/off.png" }] }),
        None,
    );
    for key in STATE_ITEMS {
        let path = format!("data.{key}");
        rule(&format!("/data/{key}"), json!("x"), Some((&path, Reason::NotArray)));
        rule(&format!("/data/{key}"), json!([{ "symbol": "!=", "value": 1, "text": "on" }]), None);
        rule(&format!("/data/{key}"), json!(["on"]), Some((&format!("{path}[0]"), Reason::NotObject)));
        rule(
            &format!("/data/{key}"),
            json!([{ "symbol": "===" }]),
            Some((&format!("{path}[0].symbol"), Reason::OneOf { allowed: SYMBOLS })),
        );
        rule(
            &format!("/data/{key}"),
            json!([{ "value": "on" }]),
            Some((&format!("{path}[0].value"), Reason::NotNumber)),
        );
    }
}

/// The full table of addresses is image_url's; here, that every picture field is checked and named.
#[test]
fn picture_addresses_are_ones_the_viewer_draws() {
    for kind in ["UsualImage", "UsualAnimation", "ShapeRect"] {
        let rule =
            |pointer: &str, to: Value, expected: Option<(&str, Reason)>| check_widget_rule(kind, pointer, to, expected);
        for good in ["", "/userimg/a.png", "https://example.com/a.png", "data:image/gif;base64,R0lGOD=="] {
            rule("/data/url", json!(good), None);
            rule("/data/imgItems", json!([{ "value": 0, "url": good }]), None);
        }
        for bad in ["javascript:alert(1)", "JAVASCRIPT:x", "data:text/html,<b>", "ftp://example.com/a.png"] {
            rule("/data/url", json!(bad), Some(("data.url", Reason::NotImageUrl)));
            rule(
                "/data/imgItems",
                json!([{ "url": "/userimg/a.png" }, { "symbol": "==", "value": 1, "url": bad }]),
                Some(("data.imgItems[1].url", Reason::NotImageUrl)),
            );
        }
        rule("/data/url", json!(3), Some(("data.url", Reason::NotText)));
        rule("/data/imgItems", json!([{ "url": ["x"] }]), Some(("data.imgItems[0].url", Reason::NotText)));
        // A text state's `url` is never drawn.
        rule("/data/textItems", json!([{ "text": "on", "url": "javascript:x" }]), None);
    }
}

#[test]
fn only_a_group_has_children() {
    check_widget_rule("ShapeRect", "/children", json!([]), Some(("children", Reason::OnlyOn { widget_type: GROUP })));
    check_widget_rule("ShapeRect", "/children", Value::Null, None);
    check_widget_rule(GROUP, "/children", json!([]), None);
    check_widget_rule(GROUP, "/children", json!({}), Some(("children", Reason::NotArray)));
}

/// A chain of `levels` groups, each inside the previous one, the innermost holding a text.
fn nested(levels: usize) -> Value {
    let mut inner = widget("leaf", "UsualText");
    for level in (1..=levels).rev() {
        inner = group(&format!("g{level}"), vec![inner]);
    }
    inner
}

#[test]
fn groups_nest_at_most_8_deep() {
    assert!(validate_document(&page(vec![nested(MAX_DEPTH)])).is_ok());
    assert_eq!(refusal(&page(vec![nested(MAX_DEPTH + 1)])), of_widget("g9", Reason::TooDeep { max: 8 }));
}

#[test]
fn a_page_holds_at_most_1000_widgets_group_children_counted() {
    let many = |n: usize| (0..n).map(|i| widget(&format!("w{i}"), "ShapeRect")).collect::<Vec<_>>();
    assert!(validate_document(&page(many(1000))).is_ok());
    assert_eq!(refusal(&page(many(1001))), Reason::TooManyWidgets { max: 1000 });
    assert!(validate_document(&page(vec![group("g", many(999))])).is_ok());
    assert_eq!(refusal(&page(vec![group("g", many(1000))])), Reason::TooManyWidgets { max: 1000 });
}

#[test]
fn at_most_3_weather_and_1_webgl_widgets_group_children_counted() {
    let of = |kind: &str, n: usize| (0..n).map(|i| widget(&format!("{kind}{i}"), kind)).collect::<Vec<_>>();
    assert!(validate_document(&page(of("ComplexWeather", 3))).is_ok());
    let weather = Reason::TooManyOfType { widget_type: "ComplexWeather", max: 3 };
    assert_eq!(refusal(&page(of("ComplexWeather", 4))), weather);
    let mut split = of("ComplexWeather", 3);
    split.push(group("g", vec![widget("w", "ComplexWeather")]));
    assert_eq!(refusal(&page(split)), weather);
    assert!(validate_document(&page(of("UsualWebgl", 1))).is_ok());
    assert_eq!(refusal(&page(of("UsualWebgl", 2))), Reason::TooManyOfType { widget_type: "UsualWebgl", max: 1 });
    assert!(validate_document(&page(of("ComplexLine", 20))).is_ok(), "no per-type limit elsewhere");
}

#[test]
fn unknown_fields_are_allowed() {
    let mut w = widget("w1", "UsualDataText");
    w["designerOnly"] = json!({ "anything": [1, "two", null] });
    w["data"] = json!({ "type": "signal", "equipId": 7, "signalId": 42, "future": true });
    let text = json!({ "widgets": [w], "version": 3, "con": { "grid": 10 } }).to_string();
    assert!(validate_document(&text).is_ok());
}

#[test]
fn the_widget_list_matches_the_spec() {
    assert_eq!(WIDGET_TYPES.len(), 33);
    let names: HashSet<_> = WIDGET_TYPES.iter().map(|t| t.name).collect();
    assert_eq!(names.len(), WIDGET_TYPES.len(), "names are unique");
    assert_eq!(widget_type(GROUP).map(|t| t.family), Some(Family::Group));
    assert_eq!(widget_type(LINE).map(|t| t.family), Some(Family::Shape));
    let limited: Vec<_> = WIDGET_TYPES.iter().filter_map(|t| Some((t.name, t.max_per_page?))).collect();
    assert_eq!(limited, [("UsualWebgl", 1), ("ComplexWeather", 3)]);
    for t in WIDGET_TYPES {
        let prefix = match t.family {
            Family::Group => "Widget",
            Family::Shape => "Shape",
            Family::Usual => "Usual",
            Family::Complex => "Complex",
        };
        assert!(t.name.starts_with(prefix), "{} is not in family {:?}", t.name, t.family);
    }
}

/// The designer and the viewer read the generated file; a stale copy would let them offer widgets the server
/// refuses, or miss new ones.
#[test]
fn web_widget_types_export_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/generated/widgetTypes.json");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(on_disk == export_widget_types_json(), "{path} is stale: run `make generate`");
}
