//! A configuration page's document (docs/page-document.md): saved and loaded whole with the fields the server
//! does not know kept, the canvas size taken from `con`, every kind of bad document refused as a field error on
//! `document` that names the widget and the field in both languages (and changes nothing), picture addresses the
//! viewer would not draw among them, the page limits, the 2 MiB size over a form-encoded body, and who may load and
//! save a page.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer, browser};
use ironsight_domain::page::MAX_DOCUMENT_BYTES;
use serde_json::{Value, json};

const INFO: &str = "/lfscada/configuration/page/info";
const SAVE: &str = "/lfscada/configuration/page/save";

/// A new equipment of the caller's organisation with one page; answers `(equipment id, page id)`.
pub(crate) async fn new_page(app: &TestApp) -> (String, String) {
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await;
    assert_eq!(equipment.code(), "200", "{:?}", equipment.body);
    let equipment = equipment.data()["id"].to_string();
    let page = app.post("/lfscada/configuration/page/add", &[("equipmentId", &equipment), ("title", "Overview")]).await;
    assert_eq!(page.code(), "200", "{:?}", page.body);
    (equipment, page.data()["id"].to_string())
}

/// A valid widget.
fn widget(id: &str, kind: &str) -> Value {
    let mut w = json!({
        "id": id,
        "widgetType": kind,
        "position": { "x": 10, "y": 20, "width": 100, "height": 40, "rotate": 0 },
    });
    if kind == "ShapeLine" {
        w["points"] = json!([[10, 20], [110, 20]]);
    }
    w
}

fn with(mut value: Value, key: &str, to: Value) -> Value {
    value[key] = to;
    value
}

fn page_of(widgets: Vec<Value>) -> String {
    json!({ "widgets": widgets }).to_string()
}

fn many(kind: &str, n: usize) -> Vec<Value> {
    (0..n).map(|i| widget(&format!("{kind}-{i}"), kind)).collect()
}

pub(crate) async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn save(app: &TestApp, page: &str, document: &str) -> Answer {
    app.post(SAVE, &[("id", page), ("document", document)]).await
}

async fn save_in(app: &TestApp, lang: &str, page: &str, document: &str) -> Answer {
    let request = app.client.post(app.url(SAVE)).header("accept-language", lang);
    answer(request.form(&[("id", page), ("document", document)]).send().await.unwrap()).await
}

/// The stored document and its change time.
async fn stored(app: &TestApp, page: &str) -> (Value, i64) {
    let info = app.post(INFO, &[("id", page)]).await;
    assert_eq!(info.code(), "200", "{:?}", info.body);
    (info.data()["document"].clone(), info.data()["updated"].as_i64().unwrap())
}

both_backends!(a_saved_document_loads_back_whole_with_unknown_fields_kept, Options::default(), |app| {
    app.login_demo().await;
    let (equipment, page) = new_page(app).await;
    let fresh = app.post(INFO, &[("id", &page)]).await;
    assert_eq!(fresh.code(), "200", "{:?}", fresh.body);
    assert_eq!(
        fresh.data()["document"],
        json!({ "con": { "width": 1024, "height": 768 }, "widgets": [] }),
        "a new page is empty, on the canvas it was made with"
    );
    assert_eq!(fresh.data()["id"].to_string(), page);
    assert_eq!(fresh.data()["equipmentId"].to_string(), equipment);
    assert_eq!(fresh.data()["title"], "Overview");
    assert_eq!((fresh.data()["width"].as_i64(), fresh.data()["height"].as_i64()), (Some(1024), Some(768)));

    let document = json!({
        "con": { "width": 1920, "height": 1080, "fit": "width", "bgColor": "#102030", "bgImage": "", "grid": 10 },
        "widgets": [
            with(
                with(widget("tank", "ShapeRect"), "designerNote", json!("kept")),
                "data",
                json!({ "type": "signal", "equipId": 1, "signalId": 2, "future": [1, "two", null] }),
            ),
            with(
                with(widget("g", "WidgetGroup"), "origin", json!({ "x": 0, "y": 0 })),
                "children",
                json!([with(widget("label", "UsualText"), "data", json!({ "text": "液位" }))]),
            ),
            widget("pipe", "ShapeLine"),
        ],
        "bind": { "equips": [1], "signals": [2], "keys": [], "mvars": [], "extra": "kept" },
        "version": 2,
    });
    let text = document.to_string();
    let saved = save(app, &page, &text).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let updated = saved.data()["updated"].as_i64().unwrap();
    assert!(updated >= fresh.data()["updated"].as_i64().unwrap());

    let loaded = app.client.post(app.url(INFO)).form(&[("id", &page)]).send().await.unwrap().text().await.unwrap();
    assert!(loaded.contains(&format!("\"document\":{text}")), "the document goes out as it was sent: {loaded}");
    let loaded: Value = serde_json::from_str(&loaded).unwrap();
    assert_eq!(loaded["data"]["document"], document);
    assert_eq!((loaded["data"]["width"].as_i64(), loaded["data"]["height"].as_i64()), (Some(1920), Some(1080)));
    assert_eq!(loaded["data"]["updated"].as_i64(), Some(updated));
    assert_eq!(loaded["data"]["title"], "Overview", "saving does not touch the title");
    let list = app.post("/lfscada/configuration/page/query", &[("equipmentId", &equipment)]).await;
    assert_eq!(
        (list.data()[0]["width"].as_i64(), list.data()[0]["height"].as_i64()),
        (Some(1920), Some(1080)),
        "the page list shows the canvas size the document gives"
    );

    // A JSON body may carry the document as an object; without `con` the canvas is 1024 by 768 again.
    let object = json!({ "widgets": [with(widget("only", "UsualText"), "kept", json!(true))] });
    let as_json = app
        .client
        .post(app.url(SAVE))
        .json(&json!({ "id": page.parse::<i64>().unwrap(), "document": object }))
        .send()
        .await
        .unwrap();
    let as_json = answer(as_json).await;
    assert_eq!(as_json.code(), "200", "{:?}", as_json.body);
    let reloaded = app.post(INFO, &[("id", &page)]).await;
    assert_eq!(reloaded.data()["document"], object);
    assert_eq!((reloaded.data()["width"].as_i64(), reloaded.data()["height"].as_i64()), (Some(1024), Some(768)));

    // Saving is recorded against the page, like renaming it.
    let log =
        app.post("/lfscada/user/operationlog/queryByObjectId", &[("objectType", "page"), ("objectId", &page)]).await;
    let actions: Vec<&str> =
        log.data()["list"].as_array().unwrap().iter().filter_map(|o| o["action"].as_str()).collect();
    assert_eq!(actions.iter().filter(|a| **a == "configuration.page.save").count(), 2, "{actions:?}");
});

/// Every kind of bad document: its text, and what the English and the Chinese message must say.
fn bad_documents() -> Vec<(String, &'static str, &'static str)> {
    let rect = || widget("w1", "ShapeRect");
    let in_page = |w: Value| page_of(vec![w]);
    let position = |key: &str, to: Value| {
        let mut w = rect();
        w["position"][key] = to;
        page_of(vec![w])
    };
    let mut nine_deep = widget("leaf", "UsualText");
    for level in (1..=9).rev() {
        nine_deep = with(widget(&format!("g{level}"), "WidgetGroup"), "children", json!([nine_deep]));
    }
    let mut bad_child = widget("c1", "UsualText");
    bad_child["position"]["height"] = json!(-1);
    vec![
        ("not json".into(), "document: is not valid JSON", "document 无效：不是有效的 JSON"),
        ("[]".into(), "document: must be a JSON object", "document 无效：必须是 JSON 对象"),
        ("{}".into(), "document: widgets is required", "widgets 不能为空"),
        (json!({ "widgets": {} }).to_string(), "widgets must be a list", "widgets 必须是列表"),
        (
            json!({ "con": { "width": 99 }, "widgets": [] }).to_string(),
            "con.width must be between 100 and 10000",
            "con.width 必须在 100 到 10000 之间",
        ),
        (
            json!({ "con": { "height": 10001 }, "widgets": [] }).to_string(),
            "con.height must be between 100 and 10000",
            "con.height 必须在 100 到 10000 之间",
        ),
        (
            json!({ "con": { "fit": "cover" }, "widgets": [] }).to_string(),
            "con.fit must be one of: container, width, height, stretch, none",
            "con.fit 必须是以下之一：container、width、height、stretch、none",
        ),
        (
            json!({ "con": { "bgColor": "white" }, "widgets": [] }).to_string(),
            "con.bgColor must be a colour",
            "con.bgColor 必须是 #RGB、#RRGGBB 或 #RRGGBBAA 格式的颜色",
        ),
        (
            json!({ "con": { "bgImage": 1 }, "widgets": [] }).to_string(),
            "con.bgImage must be text",
            "con.bgImage 必须是文本",
        ),
        (
            json!({ "con": { "bgImage": "javascript:alert(1)" }, "widgets": [] }).to_string(),
            "document: con.bgImage must be an http or https URL, a path on the console or a data:image picture",
            "document 无效：con.bgImage 必须是 http 或 https 网址、控制台上的路径或 data:image 图片",
        ),
        (
            in_page(with(
                widget("w1", "UsualImage"),
                "data",
                json!({ "url": "data:text/html,<script>alert(1)</script>" }),
            )),
            "widget \"w1\": data.url must be an http or https URL, a path on the console or a data:image picture",
            "组件 \"w1\"：data.url 必须是 http 或 https 网址、控制台上的路径或 data:image 图片",
        ),
        (
            in_page(with(widget("w1", "UsualImage"), "data", json!({ "url": "\u{feff}JaVaScRiPt:alert(1)" }))),
            "widget \"w1\": data.url must be an http or https URL",
            "组件 \"w1\"：data.url 必须是 http 或 https 网址",
        ),
        (
            in_page(with(
                widget("state", "UsualAnimation"),
                "data",
                json!({ "display": "image", "imgItems": [
                    { "symbol": "==", "value": 0, "url": "/userimg/0123456789abcdef0123456789abcdef.png" },
                    { "symbol": "==", "value": 1, "url": "ftp://files.example.com/on.png" },
                ] }),
            )),
            "widget \"state\": data.imgItems[1].url must be an http or https URL",
            "组件 \"state\"：data.imgItems[1].url 必须是 http 或 https 网址",
        ),
        (
            json!({ "widgets": [], "bind": { "signals": 5 } }).to_string(),
            "bind.signals must be a list",
            "bind.signals 必须是列表",
        ),
        (
            page_of(vec![
                rect(),
                json!({ "widgetType": "UsualText", "position": { "x": 0, "y": 0, "width": 1, "height": 1 } }),
            ]),
            "the widget at widgets[1]: id is required",
            "widgets[1] 处的组件：id 不能为空",
        ),
        (
            in_page(with(rect(), "id", json!("x".repeat(65)))),
            "the widget at widgets[0]: id must be at most 64 characters",
            "widgets[0] 处的组件：id 长度不能超过 64 个字符",
        ),
        (
            page_of(vec![rect(), json!(3)]),
            "the widget at widgets[1]: must be a JSON object",
            "widgets[1] 处的组件：必须是 JSON 对象",
        ),
        (
            in_page(with(rect(), "widgetType", json!("ShapeBlob"))),
            "widget \"w1\": widgetType is not a known widget type",
            "组件 \"w1\"：widgetType 不是已知的组件类型",
        ),
        (
            in_page(with(rect(), "widgetName", json!("n".repeat(61)))),
            "widget \"w1\": widgetName must be at most 60 characters",
            "组件 \"w1\"：widgetName 长度不能超过 60 个字符",
        ),
        (
            in_page(with(rect(), "position", Value::Null)),
            "widget \"w1\": position is required",
            "组件 \"w1\"：position 不能为空",
        ),
        (
            position("x", json!("10")),
            "widget \"w1\": position.x must be a number",
            "组件 \"w1\"：position.x 必须是数字",
        ),
        (
            position("width", json!(-1)),
            "widget \"w1\": position.width must not be negative",
            "组件 \"w1\"：position.width 不能为负数",
        ),
        (
            position("rotate", json!(361)),
            "widget \"w1\": position.rotate must be between 0 and 360",
            "组件 \"w1\"：position.rotate 必须在 0 到 360 之间",
        ),
        (
            position("rx", json!("5")),
            "widget \"w1\": position.rx must be a number",
            "组件 \"w1\"：position.rx 必须是数字",
        ),
        (
            in_page(with(widget("line", "ShapeLine"), "points", json!([[0, 0]]))),
            "widget \"line\": points must have at least 2 items",
            "组件 \"line\"：points 至少需要 2 项",
        ),
        (
            in_page(with(widget("line", "ShapeLine"), "points", json!([[0, 0], [1, "2"]]))),
            "widget \"line\": points[1] must be a point [x, y] of two numbers",
            "组件 \"line\"：points[1] 必须是由两个数字组成的坐标 [x, y]",
        ),
        (
            in_page(with(rect(), "style", json!({ "opacity": 1.5 }))),
            "widget \"w1\": style.opacity must be between 0 and 1",
            "组件 \"w1\"：style.opacity 必须在 0 到 1 之间",
        ),
        (
            in_page(with(rect(), "style", json!({ "fill": { "enable": true, "color": "blue" } }))),
            "widget \"w1\": style.fill.color must be a colour",
            "组件 \"w1\"：style.fill.color 必须是 #RGB、#RRGGBB 或 #RRGGBBAA 格式的颜色",
        ),
        (
            in_page(with(rect(), "children", json!([]))),
            "widget \"w1\": children is allowed only on WidgetGroup",
            "组件 \"w1\"：children 只能用于 WidgetGroup",
        ),
        (
            in_page(with(
                widget("w1", "UsualButton"),
                "clickEvent",
                json!({ "enable": true, "config": { "action": "link", "link": "javascript:alert(1)" } }),
            )),
            "widget \"w1\": clickEvent.config.link must be an http or https URL",
            "组件 \"w1\"：clickEvent.config.link 必须是 http 或 https 网址",
        ),
        (
            in_page(with(
                rect(),
                "animation",
                json!({ "fillColor": { "enable": true, "dataArray": [{ "symbol": "=>", "value": 0, "color": "#F00" }] } }),
            )),
            "widget \"w1\": animation.fillColor.dataArray[0].symbol must be one of: ==, !=, >, >=, <, <=",
            "组件 \"w1\"：animation.fillColor.dataArray[0].symbol 必须是以下之一",
        ),
        (
            in_page(with(rect(), "animation", json!({ "visiable": { "symbol": "==", "value": "1" } }))),
            "widget \"w1\": animation.visiable.value must be a number",
            "组件 \"w1\"：animation.visiable.value 必须是数字",
        ),
        (
            in_page(with(rect(), "animation", json!({ "twinkle": { "color": "red" } }))),
            "widget \"w1\": animation.twinkle.color must be a colour",
            "组件 \"w1\"：animation.twinkle.color 必须是",
        ),
        (
            page_of(vec![
                widget("a", "ShapeRect"),
                with(widget("g", "WidgetGroup"), "children", json!([widget("a", "UsualText")])),
            ]),
            "widget \"a\": its id is used by another widget of the page",
            "组件 \"a\"：id 与页面中的另一个组件重复",
        ),
        (
            page_of(vec![with(widget("g", "WidgetGroup"), "children", json!([widget("b", "UsualText"), bad_child]))]),
            "widget \"c1\": position.height must not be negative",
            "组件 \"c1\"：position.height 不能为负数",
        ),
        (
            page_of(vec![nine_deep]),
            "widget \"g9\": groups may be nested at most 8 deep",
            "组件 \"g9\"：分组嵌套不能超过 8 层",
        ),
        (
            page_of(many("ShapeRect", 1001)),
            "document: may hold at most 1000 widgets (group children counted)",
            "组件不能超过 1000 个（含分组内的组件）",
        ),
        (
            page_of(vec![with(widget("g", "WidgetGroup"), "children", json!(many("ShapeRect", 1000)))]),
            "document: may hold at most 1000 widgets (group children counted)",
            "组件不能超过 1000 个（含分组内的组件）",
        ),
        (
            page_of(many("ComplexWeather", 4)),
            "document: may hold at most 3 ComplexWeather widgets",
            "ComplexWeather 组件不能超过 3 个",
        ),
        (
            page_of(many("UsualWebgl", 2)),
            "document: may hold at most 1 UsualWebgl widgets",
            "UsualWebgl 组件不能超过 1 个",
        ),
    ]
}

both_backends!(a_bad_document_is_a_field_error_naming_the_widget_and_changes_nothing, Options::default(), |app| {
    app.login_demo().await;
    let (_, page) = new_page(app).await;
    let good = json!({ "con": { "width": 800, "height": 600 }, "widgets": [widget("w1", "ShapeRect")] }).to_string();
    assert_eq!(save(app, &page, &good).await.code(), "200");
    let before = stored(app, &page).await;

    for (document, en, zh) in bad_documents() {
        let refused = save_in(app, "en", &page, &document).await;
        assert_eq!(refused.code(), "1100", "{en}: {:?}", refused.body);
        assert!(refused.message().starts_with("Invalid parameter document: "), "{}", refused.message());
        assert!(refused.message().contains(en), "expected {en:?} in {:?}", refused.message());
        let refused = save_in(app, "zh-CN", &page, &document).await;
        assert_eq!(refused.code(), "1100", "{zh}: {:?}", refused.body);
        assert!(refused.message().starts_with("参数 document 无效："), "{}", refused.message());
        assert!(refused.message().contains(zh), "expected {zh:?} in {:?}", refused.message());
    }
    let missing = save_in(app, "en", &page, "").await;
    assert_eq!((missing.code(), missing.message()), ("1101", "Missing parameter document"));
    let number = app
        .client
        .post(app.url(SAVE))
        .header("accept-language", "en")
        .json(&json!({ "id": page.parse::<i64>().unwrap(), "document": 5 }))
        .send()
        .await
        .unwrap();
    let number = answer(number).await;
    assert_eq!(number.message(), "Invalid parameter document: must be a JSON object", "{:?}", number.body);
    assert_eq!(stored(app, &page).await, before, "no refused document was stored");

    // Each limit itself is allowed.
    let mut at_limits = many("ShapeRect", 996);
    at_limits.extend(many("ComplexWeather", 3));
    at_limits.extend(many("UsualWebgl", 1));
    let mut deepest = widget("leaf", "UsualText");
    for level in (1..=8).rev() {
        deepest = with(widget(&format!("g{level}"), "WidgetGroup"), "children", json!([deepest]));
    }
    for document in [
        page_of(at_limits),
        page_of(vec![with(widget("g", "WidgetGroup"), "children", json!(many("ShapeRect", 999)))]),
        page_of(vec![deepest]),
        json!({ "con": { "width": 10000, "height": 100 }, "widgets": [] }).to_string(),
        // Picture addresses the viewer draws: a console path, http(s), an inline picture; blank is no picture.
        json!({
            "con": { "bgImage": "/userimg/0123456789abcdef0123456789abcdef.png" },
            "widgets": [
                with(widget("a", "UsualImage"), "data", json!({ "url": "https://cdn.example.com/pump.png" })),
                with(widget("b", "UsualImage"), "data", json!({ "url": "data:image/png;base64,iVBORw0KGgo=" })),
                with(widget("c", "UsualImage"), "data", json!({ "url": "  " })),
                with(widget("d", "UsualAnimation"), "data", json!({ "imgItems": [{ "url": "//cdn.example.com/on.png" }] })),
            ],
        })
        .to_string(),
    ] {
        let saved = save(app, &page, &document).await;
        assert_eq!(saved.code(), "200", "{:?}", saved.body);
    }
    let (_, updated) = stored(app, &page).await;
    assert!(updated >= before.1);
});

both_backends!(a_page_the_caller_cannot_see_answers_1205_on_info_and_save, Options::default(), |app| {
    app.login_demo().await;
    let (equipment, page) = new_page(app).await;
    let good = page_of(vec![widget("w1", "ShapeRect")]);
    assert_eq!(save(app, &page, &good).await.code(), "200");
    let before = stored(app, &page).await;
    let other = page_of(vec![widget("mine", "UsualText")]);
    assert_eq!(app.post(INFO, &[("id", "999999")]).await.code(), "1205");
    assert_eq!(save(app, "999999", &other).await.code(), "1205");

    // Another organisation's administrator with the manage permission.
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, INFO, &[("id", &page)]).await.code(), "1205");
    assert_eq!(post_as(app, &stranger, SAVE, &[("id", &page), ("document", &other)]).await.code(), "1205");

    // A sub-account of the same organisation that sees only the equipment granted to it, not this one.
    let added = app
        .post(
            "/lfscada/user/sub/add",
            &[("loginname", "operator1"), ("password", "Op@123456"), ("dataRange", "authorised"), ("auths", "manage")],
        )
        .await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let operator_id = added.data()["userId"].to_string();
    let (operator, _jar) = browser(&app.base);
    let login = reqwest::Url::parse_with_params(
        &app.url("/lfscada/user/login"),
        &[("loginname", "operator1"), ("password", "Op@123456")],
    )
    .unwrap();
    assert_eq!(answer(operator.post(login).send().await.unwrap()).await.code(), "200");
    assert_eq!(post_as(app, &operator, INFO, &[("id", &page)]).await.code(), "1205");
    assert_eq!(post_as(app, &operator, SAVE, &[("id", &page), ("document", &other)]).await.code(), "1205");
    assert_eq!(stored(app, &page).await, before, "nobody who cannot see the page changed it");

    // Granted the equipment, the same account loads and saves it: the refusal was the grant's.
    let granted =
        app.post("/lfscada/user/sub/authorise", &[("userId", &operator_id), ("equipmentIds", &equipment)]).await;
    assert_eq!(granted.code(), "200", "{:?}", granted.body);
    assert_eq!(post_as(app, &operator, INFO, &[("id", &page)]).await.code(), "200");
    assert_eq!(post_as(app, &operator, SAVE, &[("id", &page), ("document", &other)]).await.code(), "200");
    assert_eq!(stored(app, &page).await.0["widgets"][0]["id"], "mine");
});

both_backends!(saving_needs_the_manage_permission, Options::default(), |app| {
    app.login_demo().await;
    let (_, page) = new_page(app).await;
    let before = stored(app, &page).await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    let loaded = post_as(app, &viewer, INFO, &[("id", &page)]).await;
    assert_eq!(loaded.code(), "200", "loading needs no permission: {:?}", loaded.body);
    let refused =
        post_as(app, &viewer, SAVE, &[("id", &page), ("document", &page_of(vec![widget("w1", "UsualText")]))]).await;
    let rename = post_as(app, &viewer, "/lfscada/configuration/page/edit", &[("id", &page), ("title", "x")]).await;
    assert_eq!(refused.code(), "1011", "{:?}", refused.body);
    assert_eq!(refused.code(), rename.code(), "the same answer as the other page changes");
    assert_eq!(stored(app, &page).await, before);
});

both_backends!(a_2_mib_document_saves_form_encoded_and_a_larger_one_is_a_field_error, Options::default(), |app| {
    app.login_demo().await;
    let (_, page) = new_page(app).await;
    // `\"` inside a JSON text: two bytes a form encodes as six, so this body is about three times the document.
    let frame = r#"{"widgets":[],"pad":""}"#;
    let room = MAX_DOCUMENT_BYTES - frame.len();
    let pad = format!("{}{}", "\\\"".repeat(room / 2), "x".repeat(room % 2));
    let at_limit = format!(r#"{{"widgets":[],"pad":"{pad}"}}"#);
    assert_eq!(at_limit.len(), MAX_DOCUMENT_BYTES);
    let saved = save(app, &page, &at_limit).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let (document, updated) = stored(app, &page).await;
    assert_eq!(document["pad"].as_str().map(str::len), Some(room / 2 + room % 2));

    let over = format!(r#"{{"widgets":[],"pad":"{pad}x"}}"#);
    assert_eq!(over.len(), MAX_DOCUMENT_BYTES + 1);
    let refused = save_in(app, "en", &page, &over).await;
    assert_eq!(refused.status, reqwest::StatusCode::OK);
    assert_eq!(
        (refused.code(), refused.message()),
        ("1100", "Invalid parameter document: must be at most 2048 KB"),
        "{:?}",
        refused.body
    );
    assert_eq!(stored(app, &page).await.1, updated, "the refused document changed nothing");
});

both_backends!(a_save_based_on_an_older_version_is_refused_and_changes_nothing, Options::default(), |app| {
    app.login_demo().await;
    let (_, page) = new_page(app).await;
    let (_, opened) = stored(app, &page).await;
    let mine = page_of(vec![widget("mine", "ShapeRect")]);
    let theirs = page_of(vec![widget("theirs", "ShapeCircle")]);

    // The first editor saves on the version both opened; every save is a newer version, even in one millisecond.
    let first = app.post(SAVE, &[("id", &page), ("document", &theirs), ("base", &opened.to_string())]).await;
    assert_eq!(first.code(), "200", "{:?}", first.body);
    let after_first = first.data()["updated"].as_i64().unwrap();
    assert!(after_first > opened);
    let again = app.post(SAVE, &[("id", &page), ("document", &theirs), ("base", &after_first.to_string())]).await;
    assert!(again.data()["updated"].as_i64().unwrap() > after_first);

    // The second editor, still on the version it opened, is told and stores nothing.
    let refused = app.post(SAVE, &[("id", &page), ("document", &mine), ("base", &opened.to_string())]).await;
    assert_eq!(refused.code(), "1239", "{:?}", refused.body);
    assert!(refused.message().contains("修改"), "{}", refused.message());
    assert_eq!(stored(app, &page).await.0["widgets"][0]["id"], "theirs");

    // Choosing to overwrite (no base) stores it.
    let overwritten = app.post(SAVE, &[("id", &page), ("document", &mine)]).await;
    assert_eq!(overwritten.code(), "200");
    assert_eq!(stored(app, &page).await.0["widgets"][0]["id"], "mine");

    // A base that is not a number names the field; a page that does not exist is still 1205.
    let bad = app.post(SAVE, &[("id", &page), ("document", &mine), ("base", "yesterday")]).await;
    assert_eq!(bad.code(), "1100", "{:?}", bad.body);
    assert!(bad.message().contains("base"), "{}", bad.message());
    assert_eq!(app.post(SAVE, &[("id", "999999"), ("document", &mine), ("base", "1")]).await.code(), "1205");
});
