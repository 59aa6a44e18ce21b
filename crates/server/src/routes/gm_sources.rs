//! GM collection sources in the route table (docs/gm-equipment.md): the identities of Sparkplug B edge nodes and
//! JSON devices. Each kind is added and listed on its own path; a source of either kind is read, given a new secret
//! and deleted on one (`gm/source/…`).

use super::table::{PAGE, PAGE_SIZE, SEARCH_KEYWORD};
use super::*;
use crate::api::{gm_json_rules, gm_sources};

const ID: ParamDef = integer("id").required().doc("Collection source id");
/// A data rule: `{topic, signals: [{key, path, kind, scale, offset, unit}], time: {path, unit}, command: {template, replyPath}}`.
const RULE: ParamDef = object("rule").required().doc("The data rule (RuleDoc), as nested parameters or a JSON text");
/// Longest sample message a try-out reads.
const SAMPLE_CHARS: usize = 64 * 1024;
const NAME: ParamDef = text("name").max(limits::GM_SOURCE_NAME_CHARS);

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/gm/node/add", gm_sources::add_node, "gm.node.add", Manage [],
        "Register a Sparkplug B edge node; answers its MQTT user name (also its client id) and secret, once.", [
            text("groupId").max(limits::SPARKPLUG_ID_CHARS).required().doc("Sparkplug group id (no / + #)"),
            text("nodeId").max(limits::SPARKPLUG_ID_CHARS).required().doc("Sparkplug edge node id (no / + #)"),
            NAME.doc("Display name (default: the node id)"),
        ]),
        route!(POST "/lfscada/gm/node/query", gm_sources::query_nodes, "gm.node.query", Manage [],
        "The organisation's Sparkplug edge nodes, newest first.", [
            SEARCH_KEYWORD.doc("Part of the name, group id or node id"),
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/gm/source/rotate", gm_sources::rotate, "gm.source.rotate", Manage ["id" => GmSource],
        "Issue a new secret to an edge node or JSON device (shown once); the old one stops working.", [
            ID,
        ]),
        route!(POST "/lfscada/gm/source/delete", gm_sources::delete, "gm.source.delete", Manage ["id" => GmSource],
        "Delete an edge node or JSON device; equipment adopted from it stays, with its history.", [
            ID,
        ]),
        route!(POST "/lfscada/gm/json/add", gm_sources::add_json, "gm.json.add", Manage [],
        "Register a plain JSON device by its topic prefix; answers its MQTT user name (also its client id) and secret, once.", [
            text("topicPrefix").max(limits::TOPIC_PREFIX_CHARS).required()
                .doc("Topics it publishes at or below; not under $, ironsight/ or spBv1.0/; {prefix}/cmd carries its commands"),
            NAME.doc("Display name (default: the prefix's last level)"),
        ]),
        route!(POST "/lfscada/gm/json/query", gm_sources::query_json, "gm.json.query", Manage [],
        "The organisation's JSON devices, newest first.", [
            SEARCH_KEYWORD.doc("Part of the name or the topic prefix"),
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/gm/json/rule/save", gm_json_rules::save, "gm.json.rule.save", Manage ["id" => GmSource],
        "Save a JSON device's data rule (checked first; a fault names its field, e.g. rule.signals[1].path); 1386 for an edge node.", [
            ID,
            RULE,
        ]),
        route!(POST "/lfscada/gm/json/rule/try", gm_json_rules::try_rule, "gm.json.rule.try", Manage [],
        "What a data rule reads in a sample message: its time and each signal's value or why not, in the caller's language. Stores nothing.", [
            RULE,
            text("sample").max(SAMPLE_CHARS).doc("A message as the device publishes it"),
        ]),
        route!(POST "/lfscada/gm/source/info", gm_sources::info, "gm.source.info", Session ["id" => GmSource],
        "One collection source (edge node or JSON device), or 1380.", [
            ID,
        ]),
        route!(POST "/lfscada/gm/source/stats", gm_sources::stats, "gm.source.stats", Session ["id" => GmSource],
        "A source's traffic since the server started: messages, the last minute's, its observed reporting interval, what could not be used and its last bad messages (with a sample of each).", [
            ID,
        ]),
    ]
}
