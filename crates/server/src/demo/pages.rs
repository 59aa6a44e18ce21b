//! The demo plant's configuration pages (documents as in docs/page-document.md): one per unit of equipment and a
//! site overview for the plant's project, so a new user opens drawn, live screens rather than empty canvases.
//!
//! Every page is made from the same few widget kinds on a 1024 by 768 canvas: a tank with its level, flow bars as
//! pipes (stripes move while their signal says the water flows), the machine as a circle coloured by its state
//! texts, a dashboard, a panel of values and start/stop buttons that ask before they write.

use super::plant::{EquipmentSpec, State, Text};

const fn text(zh: &'static str, en: &'static str) -> Text {
    Text { zh, en }
}
use ironsight_devsim::plant::Unit;
use ironsight_domain::Lang;
use serde_json::{Value, json};
use std::collections::{BTreeSet, HashMap};

/// An equipment of the plant as stored: its id, its name and its signals' ids by key.
pub struct Seeded<'a> {
    pub spec: &'a EquipmentSpec,
    pub id: i64,
    pub name: String,
    pub signal_ids: HashMap<&'static str, i64>,
}

/// What an equipment's page draws, by signal key; missing parts are left out.
struct Drawing {
    /// The tank and the top of its scale.
    tank: Option<(&'static str, f64)>,
    /// The pipe into the machine and the one out of it: flowing while the signal is above the number.
    pipes: Option<(&'static str, f64)>,
    /// The machine, coloured by the state signal's texts.
    machine: Option<&'static str>,
    /// The dashboard: signal, top of the scale, and the values where green turns orange and orange turns red.
    gauge: Option<(&'static str, f64, f64, f64)>,
    /// The start/stop command the buttons write, and what each button asks first.
    command: Option<(&'static str, Text, Text)>,
}

fn drawing(unit: Unit) -> Drawing {
    match unit {
        Unit::PumpStation => Drawing {
            tank: Some(("tank_level", 100.0)),
            pipes: Some(("flow", 1.0)),
            machine: Some("pump_state"),
            gauge: Some(("outlet_pressure", 6.0, 4.5, 5.5)),
            command: Some(("pump_start", text("启动水泵？", "Start the pump?"), text("停止水泵？", "Stop the pump?"))),
        },
        Unit::Reservoir => Drawing {
            tank: Some(("level", 5.0)),
            pipes: Some(("inflow", 1.0)),
            machine: None,
            gauge: Some(("outflow", 400.0, 280.0, 350.0)),
            command: None,
        },
        Unit::Dosing => Drawing {
            tank: Some(("tank_level", 100.0)),
            pipes: Some(("dosing_flow", 0.0)),
            machine: Some("dosing_running"),
            gauge: Some(("residual_chlorine", 3.0, 2.0, 2.5)),
            command: Some((
                "dosing_on",
                text("启动加药泵？", "Start the dosing pump?"),
                text("停止加药泵？", "Stop the dosing pump?"),
            )),
        },
        Unit::EnergyMeter => Drawing {
            tank: None,
            pipes: None,
            machine: None,
            gauge: Some(("active_power", 120.0, 70.0, 90.0)),
            command: None,
        },
        Unit::Compressor => Drawing {
            tank: None,
            pipes: Some(("mode", 0.5)),
            machine: Some("mode"),
            gauge: Some(("pressure", 10.0, 8.0, 8.6)),
            command: Some((
                "compressor_start",
                text("启动空压机？", "Start the compressor?"),
                text("停止空压机？", "Stop the compressor?"),
            )),
        },
    }
}

/// A document being drawn: its widgets and what they bind.
struct Canvas {
    lang: Lang,
    widgets: Vec<Value>,
    equips: BTreeSet<i64>,
    signals: BTreeSet<i64>,
}

fn merge(mut w: Value, extra: Value) -> Value {
    if let (Some(w), Value::Object(extra)) = (w.as_object_mut(), extra) {
        w.extend(extra);
    }
    w
}

fn widget(id: &str, kind: &str, [x, y, width, height]: [i64; 4]) -> Value {
    json!({
        "id": id,
        "widgetType": kind,
        "widgetName": id,
        "posLock": false,
        "position": { "x": x, "y": y, "width": width, "height": height, "rotate": 0 },
    })
}

fn shape(id: &str, kind: &str, at: [i64; 4], fill: &str, stroke: &str, stroke_width: i64) -> Value {
    merge(
        widget(id, kind, at),
        json!({ "style": {
            "opacity": 1,
            "fill": { "enable": true, "color": fill },
            "stroke": { "enable": true, "color": stroke, "width": stroke_width, "dasharray": "" },
        }}),
    )
}

/// A state text's colour in the page's `#RRGGBB` form.
fn colour(state: &State) -> String {
    if state.color.is_empty() { "#BFBFBF".to_owned() } else { state.color.to_uppercase() }
}

impl Canvas {
    fn new(lang: Lang) -> Self {
        Self { lang, widgets: Vec::new(), equips: BTreeSet::new(), signals: BTreeSet::new() }
    }

    /// A signal binding, or `None` when the equipment has no such signal (an equipment seeded by an earlier demo).
    fn signal(&mut self, e: &Seeded<'_>, key: &str) -> Option<Value> {
        let id = *e.signal_ids.get(key)?;
        let spec = e.spec.signal(key)?;
        self.equips.insert(e.id);
        self.signals.insert(id);
        Some(json!({
            "type": "signal", "equipId": e.id, "signalId": id, "title": spec.name.of(self.lang), "subTitle": e.name,
        }))
    }

    fn text(&mut self, id: &str, at: [i64; 4], words: &str, size: i64, align: &str) {
        self.widgets.push(merge(
            widget(id, "UsualText", at),
            json!({
                "style": { "font": { "size": size, "weight": "normal" }, "color": "#1F2937", "align": align },
                "data": { "text": words },
            }),
        ));
    }

    fn value(&mut self, id: &str, at: [i64; 4], e: &Seeded<'_>, key: &str, align: &str) {
        let Some(data) = self.signal(e, key) else { return };
        self.widgets.push(merge(
            widget(id, "UsualDataText", at),
            json!({
                "style": { "font": { "size": 18, "weight": "bold" }, "color": "#1677FF", "align": align },
                "data": data,
            }),
        ));
    }

    fn tank(&mut self, id: &str, [x, y]: [i64; 2], e: &Seeded<'_>, key: &str, max: f64) {
        let Some(data) = self.signal(e, key) else { return };
        self.widgets.push(shape(
            &format!("{id}-bottom"),
            "ShapeEllipse",
            [x, y + 340, 200, 40],
            "#BAE0FF",
            "#1677FF",
            3,
        ));
        self.widgets.push(merge(
            shape(&format!("{id}-body"), "ShapeRect", [x, y + 20, 200, 340], "#E6F4FF", "#1677FF", 3),
            json!({ "style": {
                "radius": 4,
                "fill": { "enable": true, "color": "#E6F4FF" },
                "stroke": { "enable": true, "color": "#1677FF", "width": 3, "dasharray": "" },
            }}),
        ));
        self.widgets.push(merge(
            shape(&format!("{id}-top"), "ShapeEllipse", [x, y, 200, 40], "#BAE0FF", "#1677FF", 3),
            json!({ "position": { "x": x, "y": y, "width": 200, "height": 40, "rotate": 0, "rx": 100, "ry": 20 } }),
        ));
        self.widgets.push(merge(
            widget(&format!("{id}-level"), "UsualPercentFill", [x + 30, y + 50, 140, 280]),
            json!({ "data": merge(data, json!({ "dataAddon": {
                "type": "capacityChart", "minVal": 0, "maxVal": max, "orientation": "bt", "textType": "percentage",
            }})) }),
        ));
        let label = self.label(e, key);
        self.text(&format!("{id}-label"), [x, y + 392, 200, 24], &label, 16, "center");
        self.value(&format!("{id}-value"), [x, y + 420, 200, 32], e, key, "center");
    }

    /// A pipe whose stripes move while the signal is above `above`.
    fn pipe(&mut self, id: &str, at: [i64; 4], e: &Seeded<'_>, key: &str, above: f64) {
        let Some(data) = self.signal(e, key) else { return };
        self.widgets.push(merge(
            widget(id, "UsualScrollbar", at),
            json!({
                "style": { "fill": { "enable": true, "color": "#1677FF" },
                           "stroke": { "enable": true, "color": "#8C8C8C", "width": 1, "dasharray": "" } },
                "data": merge(data, json!({ "dataAddon": { "symbol": ">", "value": above } })),
            }),
        ));
    }

    /// A circle coloured by the state signal's texts.
    fn machine(&mut self, id: &str, [x, y, size]: [i64; 3], e: &Seeded<'_>, key: &str) {
        let Some(data) = self.signal(e, key) else { return };
        let states = e.spec.signal(key).map(|s| s.states).unwrap_or_default();
        let rows: Vec<Value> =
            states.iter().map(|s| json!({ "symbol": "==", "value": s.value, "color": colour(s) })).collect();
        self.widgets.push(merge(
            shape(id, "ShapeCircle", [x, y, size, size], "#BFBFBF", "#595959", 3),
            json!({
                "position": { "x": x, "y": y, "width": size, "height": size, "rotate": 0, "r": size / 2 },
                "data": data,
                "animation": { "fillColor": { "enable": true, "dataArray": rows } },
            }),
        ));
    }

    fn gauge(&mut self, id: &str, at: [i64; 4], e: &Seeded<'_>, (key, max, orange, red): (&str, f64, f64, f64)) {
        let Some(data) = self.signal(e, key) else { return };
        self.widgets.push(merge(
            widget(id, "UsualDashboard", at),
            json!({ "data": merge(data, json!({ "dataAddon": {
                "type": "multistage", "minVal": 0, "maxVal": max, "steps": [
                    { "value": orange, "color": "#52C41A" },
                    { "value": red, "color": "#FAAD14" },
                    { "value": max, "color": "#FF4D4F" },
                ],
            }})) }),
        ));
    }

    /// A button that writes `value` to the command after asking `question`.
    fn button(
        &mut self,
        id: &str,
        at: [i64; 4],
        e: &Seeded<'_>,
        key: &str,
        (words, value, question): (&str, i64, &str),
    ) {
        let Some(data) = self.signal(e, key) else { return };
        self.widgets.push(merge(
            widget(id, "UsualButton", at),
            json!({
                "style": { "font": { "size": 16, "weight": "normal" }, "color": "#FFFFFF", "align": "center",
                           "fill": { "enable": true, "color": if value == 0 { "#8C8C8C" } else { "#1677FF" } } },
                "data": { "text": words },
                "clickEvent": { "enable": true, "config": {
                    "action": "write", "data": data, "writeType": "fixed", "writeValue": value,
                    "hint": true, "hintValue": question, "delay": { "enable": true, "value": 1000 }, "feedback": true,
                }},
            }),
        ));
    }

    /// A project statistic (a system binding, docs/page-document.md "System keys") as a bold value.
    fn statistic(&mut self, id: &str, at: [i64; 4], key: &str, title: &str) {
        let binding = json!({ "type": "system", "systemKey": key, "title": title, "equipId": null, "signalId": null });
        self.bold_value(id, at, binding);
    }

    /// A project's intermediate variable (an mvar binding, docs/mvars.md) as a bold value.
    fn variable(&mut self, id: &str, at: [i64; 4], mvar_id: i64, title: &str) {
        let binding = json!({ "type": "mvar", "mvarId": mvar_id, "title": title, "equipId": null, "signalId": null });
        self.bold_value(id, at, binding);
    }

    fn bold_value(&mut self, id: &str, at: [i64; 4], binding: Value) {
        self.widgets.push(merge(
            widget(id, "UsualDataText", at),
            json!({
                "style": { "font": { "size": 18, "weight": "bold" }, "color": "#1677FF", "align": "right" },
                "data": binding,
            }),
        ));
    }

    fn clock(&mut self, at: [i64; 4]) {
        self.widgets.push(merge(
            widget("clock", "UsualTimer", at),
            json!({ "style": { "font": { "size": 14, "weight": "normal" }, "color": "#595959", "align": "right" },
                    "data": { "format": "YYYY-MM-DD HH:mm:ss" } }),
        ));
    }

    /// "Name (unit)" of a signal.
    fn label(&self, e: &Seeded<'_>, key: &str) -> String {
        match e.spec.signal(key) {
            Some(s) if s.unit.is_empty() => s.name.of(self.lang).to_owned(),
            Some(s) => format!("{} ({})", s.name.of(self.lang), s.unit),
            None => key.to_owned(),
        }
    }

    fn finish(self) -> Value {
        json!({
            "con": { "width": 1024, "height": 768, "fit": "container", "bgColor": "#F5F7FA", "bgImage": "" },
            "widgets": self.widgets,
            "bind": { "equips": self.equips, "signals": self.signals, "keys": [], "mvars": [] },
        })
    }
}

/// The page of one equipment: its drawing, a panel of its read-only values, and its start/stop buttons.
pub fn equipment_page(e: &Seeded<'_>, lang: Lang) -> Value {
    let d = drawing(e.spec.unit);
    let mut page = Canvas::new(lang);
    page.text("title", [32, 24, 960, 48], &e.name, 28, "left");
    if let Some((key, max)) = d.tank {
        page.tank("tank", [96, 148], e, key, max);
    }
    if let Some((key, above)) = d.pipes {
        page.pipe("pipe-in", [296, 450, 144, 20], e, key, above);
        page.pipe("pipe-out", [560, 450, 112, 20], e, key, above);
    }
    if let Some(key) = d.machine {
        page.machine("machine", [440, 400, 120], e, key);
        let label = page.label(e, key);
        page.text("machine-label", [400, 530, 200, 24], &label, 16, "center");
    }
    if let Some(gauge) = d.gauge {
        page.gauge("gauge", [400, 112, 200, 200], e, gauge);
        let label = page.label(e, gauge.0);
        page.text("gauge-label", [400, 316, 200, 24], &label, 14, "center");
    }
    page.widgets.push(shape("panel", "ShapeRect", [688, 96, 304, 560], "#FFFFFF", "#D9D9D9", 1));
    let shown = e.spec.signals.iter().filter(|s| s.writable.is_none() || !s.states.is_empty()).take(10);
    for (row, spec) in (0_i64..).zip(shown) {
        let y = 108 + row * 44;
        let label = page.label(e, spec.key);
        page.text(&format!("label-{}", spec.key), [704, y, 176, 32], &label, 14, "left");
        page.value(&format!("value-{}", spec.key), [872, y, 104, 32], e, spec.key, "right");
    }
    if let Some((key, ask_start, ask_stop)) = d.command {
        let (start, stop) = match lang {
            Lang::Zh => ("启动", "停止"),
            Lang::En => ("Start", "Stop"),
        };
        page.button("start", [704, 600, 128, 44], e, key, (start, 1, ask_start.of(lang)));
        page.button("stop", [848, 600, 128, 44], e, key, (stop, 0, ask_stop.of(lang)));
    }
    page.clock([688, 712, 304, 32]);
    page.finish()
}

/// The site overview of the plant's project: one card per equipment with its state and key values, a card of the
/// project's statistics (how many equipment, online, offline, in alarm; open alarms) and, beside the title, the
/// reservoir's net flow, an intermediate variable of the project (`net_flow`, when there is one).
pub fn overview_page(plant: &[Seeded<'_>], site: Text, lang: Lang, net_flow: Option<i64>) -> Value {
    let mut page = Canvas::new(lang);
    let title = match lang {
        Lang::Zh => format!("{} · 全厂总览", site.zh),
        Lang::En => format!("{} · site overview", site.en),
    };
    page.text("title", [32, 24, 600, 48], &title, 28, "left");
    if let Some(id) = net_flow {
        let name = NET_FLOW.of(lang);
        page.text("net-flow-label", [640, 32, 200, 32], name, 14, "right");
        page.variable("net-flow", [848, 32, 144, 32], id, name);
    }
    for (index, e) in (0_i64..).zip(plant) {
        let (x, y) = (32 + (index % 3) * 328, 96 + (index / 3) * 320);
        page.widgets.push(shape(&format!("card-{index}"), "ShapeRect", [x, y, 304, 296], "#FFFFFF", "#D9D9D9", 1));
        page.text(&format!("card-{index}-name"), [x + 16, y + 12, 224, 32], &e.name, 18, "left");
        let d = drawing(e.spec.unit);
        if let Some(key) = d.machine {
            page.machine(&format!("card-{index}-state"), [x + 256, y + 16, 32], e, key);
        }
        let keys = e.spec.signals.iter().filter(|s| s.writable.is_none()).take(5);
        for (row, spec) in (0_i64..).zip(keys) {
            let y = y + 60 + row * 44;
            let label = page.label(e, spec.key);
            page.text(&format!("card-{index}-label-{}", spec.key), [x + 16, y, 168, 32], &label, 14, "left");
            page.value(&format!("card-{index}-value-{}", spec.key), [x + 184, y, 104, 32], e, spec.key, "right");
        }
    }
    // The project's statistics in the free slot of the second row.
    let (x, y) = (688, 416);
    page.widgets.push(shape("statistics", "ShapeRect", [x, y, 304, 296], "#FFFFFF", "#D9D9D9", 1));
    let heading = match lang {
        Lang::Zh => "全厂统计",
        Lang::En => "Site statistics",
    };
    page.text("statistics-name", [x + 16, y + 12, 272, 32], heading, 18, "left");
    for (row, (key, label)) in (0_i64..).zip(STATISTICS) {
        let y = y + 60 + row * 44;
        page.text(&format!("statistics-label-{key}"), [x + 16, y, 200, 32], label.of(lang), 14, "left");
        page.statistic(&format!("statistics-{key}"), [x + 216, y, 72, 32], key, label.of(lang));
    }
    page.clock([688, 720, 304, 32]);
    page.finish()
}

/// The overview's intermediate variable: the reservoir's inflow less its outflow (docs/mvars.md).
pub const NET_FLOW: Text = text("清水池净流量", "Reservoir net flow");

/// The statistics the overview shows, by system key (web/src/runtime/systemKeys.ts), with their names.
const STATISTICS: [(&str, Text); 5] = [
    ("equipment_count", text("设备总数", "Equipment")),
    ("online_count", text("在线设备", "Online")),
    ("offline_count", text("离线设备", "Offline")),
    ("alarm_equipment", text("报警设备", "In alarm")),
    ("alarm_count", text("未恢复报警", "Open alarms")),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::plant::{SITE, equipment};

    fn seeded(specs: &[EquipmentSpec]) -> Vec<Seeded<'_>> {
        let mut next = 100;
        (1..)
            .zip(specs)
            .map(|(id, spec)| Seeded {
                spec,
                id,
                name: spec.name.zh.to_owned(),
                signal_ids: spec
                    .signals
                    .iter()
                    .map(|s| {
                        next += 1;
                        (s.key, next)
                    })
                    .collect(),
            })
            .collect()
    }

    fn on_canvas(page: &Value) {
        let valid = ironsight_domain::page::validate_document(&page.to_string()).expect("a valid document");
        assert_eq!((valid.width, valid.height), (1024, 768));
        for widget in page["widgets"].as_array().unwrap() {
            let p = &widget["position"];
            let [x, y, w, h] = ["x", "y", "width", "height"].map(|k| p[k].as_i64().unwrap());
            assert!(x >= 0 && y >= 0 && x + w <= 1024 && y + h <= 768, "{} is off the canvas", widget["id"]);
        }
    }

    /// Every page passes the check every saved page passes, lies on its canvas, and binds what it shows.
    #[test]
    fn every_page_is_a_valid_document_on_its_canvas() {
        let specs = equipment();
        let plant = seeded(&specs);
        for lang in [Lang::Zh, Lang::En] {
            for e in &plant {
                let page = equipment_page(e, lang);
                on_canvas(&page);
                assert_eq!(page["bind"]["equips"], json!([e.id]));
            }
            let overview = overview_page(&plant, SITE, lang, Some(3));
            on_canvas(&overview);
            assert_eq!(overview["bind"]["equips"].as_array().unwrap().len(), 5);
            let net = overview["widgets"].as_array().unwrap().iter().find(|w| w["id"] == "net-flow").unwrap();
            assert_eq!((net["data"]["type"].as_str(), net["data"]["mvarId"].as_i64()), (Some("mvar"), Some(3)));
        }
    }

    #[test]
    fn the_pump_buttons_ask_and_write_the_start_command() {
        let specs = equipment();
        let plant = seeded(&specs);
        let page = equipment_page(&plant[0], Lang::Zh);
        let start = page["widgets"].as_array().unwrap().iter().find(|w| w["id"] == "start").unwrap();
        assert_eq!(start["clickEvent"]["config"]["data"]["signalId"], plant[0].signal_ids["pump_start"]);
        assert_eq!(start["clickEvent"]["config"]["hint"], true);
        assert!(specs[0].signal("pump_start").unwrap().writable.is_some());
    }

    /// An equipment seeded by the earlier demo lacks some signals: its page leaves them out instead of failing.
    #[test]
    fn missing_signals_are_left_out() {
        let specs = equipment();
        let mut plant = seeded(&specs);
        plant[0].signal_ids.retain(|k, _| *k != "pump_state" && *k != "motor_current");
        on_canvas(&overview_page(&plant, SITE, Lang::En, None));
    }
}
