//! Messages in the route table (spec section 3): the caller's messages and announcements, alarm speech and its
//! sound files, and an expiry message's details.

use super::table::{PAGE, PAGE_SIZE};
use super::*;
use crate::api::{expiry, messages, sound};

const MESSAGE_ID: ParamDef = integer("id").required().doc("Message id");
const MESSAGE_IDS: ParamDef = ids("ids", limits::MESSAGE_IDS).required().doc("Message ids");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/msg/queryUnReadMsgCount", messages::query_unread_count, "msg.queryUnReadMsgCount", Session [],
            "Number of unread messages.", []),
        route!(POST "/lfscada/msg/createSound", sound::create, "msg.createSound", Session [],
        "An alarm text spoken in the caller's language (Accept-Language: zh-CN Mandarin, en English) → the path of a \
         WAV file to play (/lfscada/msg/sound/<file>); the alert tone's path when the speech engine cannot speak now. \
         The same text answers the same path.", [
            text("text").max(limits::SPEECH_TEXT_CHARS).required().doc("The text to speak (trimmed), no control characters"),
        ]),
        route!(GET "/lfscada/msg/sound/{file}", sound::serve, "msg.sound.get", Session [],
            "A file createSound answered (audio/wav); 404 (1216) for any other name or a file the cache has dropped.", []),
        route!(POST "/lfscada/msg/query", messages::query, "msg.query", Session ["equipId" => Equipment],
        "The caller's messages, newest first: {total, list: [message]}.", [
            PAGE,
            PAGE_SIZE,
            text("type").doc("alarm, expire, order or notice; empty for all"),
            text("readStatus").doc("read or unread; empty for all"),
            integer("equipId").doc("Only messages about this equipment"),
            text("dataId").max(limits::MESSAGE_DATA_ID_CHARS).doc("Only messages about this object (the message's dataId)"),
        ]),
        route!(POST "/lfscada/msg/info", messages::info, "msg.info", Session [],
            "One of the caller's messages; 1280 when it is not the caller's or was deleted.",
            [MESSAGE_ID]),
        route!(POST "/lfscada/msg/markAsRead", messages::mark_as_read, "msg.markAsRead", Session [],
            "Mark messages read → {changed}; 1280 (nothing changed) when one is not the caller's.",
            [MESSAGE_IDS]),
        route!(POST "/lfscada/msg/allMarkAsRead", messages::all_mark_as_read, "msg.allMarkAsRead", Session [],
            "Mark every unread message read → {changed}.",
            [text("type").doc("Only messages of this type (alarm, expire, order, notice)")]),
        route!(POST "/lfscada/msg/delete", messages::delete, "msg.delete", Session [],
            "Delete messages → {changed}; 1280 (nothing deleted) when one is not the caller's.",
            [MESSAGE_IDS]),
        route!(POST "/lfscada/msg/markAsReadForEquipAlarm", messages::mark_equipment_alarms_read, "msg.markAsReadForEquipAlarm", Session ["dataId" => Equipment],
        "Mark the caller's unread alarm messages about one equipment read → {changed}.", [
            integer("dataId").required().doc("Equipment id"),
            text("equipType").doc("eg (default), repair or inspection"),
        ]),
        route!(POST "/lfscada/msg/getExpireById", expiry::get_expire_by_id, "msg.getExpireById", Session [],
            "What one of the caller's expire messages is about, as it stands now: {targetType (equipment|gateway), \
             targetId, name, equipmentId, gatewaySn, expireDate, daysLeft}; 1280 when it is not the caller's or not \
             an expire message, 1283 when its equipment or gateway was deleted.",
            [MESSAGE_ID]),
        route!(POST "/lfscada/notice/detail", messages::notice_detail, "notice.detail", Session ["id" => Announcement],
            "The announcement a notice message is about (published or withdrawn): {id, title, content, status, gmtCreate, gmtPublish}; 1235 otherwise.",
            [integer("id").required().doc("Announcement id")]),
    ]
}
