//! EZVIZ cloud video in the route table (docs/ezviz.md; paths ours, the spec names none): the organisation's
//! linked key, seen by its managers (never the secret) and changed by its administrators, as the system settings'
//! title and logo; and a camera's live address, by a saved page's widget for whoever may see the page, by serial
//! number only for a manager with a grant on the equipment or project whose page the designer previews.

use super::*;
use crate::api::ezviz;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/ezviz/key/query", ezviz::key_query, "ezviz.key.query", Manage [],
            "The organisation's linked EZVIZ key: {appKey, secretSet}; the secret itself is never answered.", []),
        route!(POST "/lfscada/ezviz/key/save", ezviz::key_save, "ezviz.key.save", Admin [],
            "Link the organisation's EZVIZ key; an empty appSecret keeps the stored one (1101 when \
             none is stored).", [
            text("appKey").max(limits::EZVIZ_KEY_CHARS).required().doc("The EZVIZ app key, letters and digits"),
            text("appSecret")
                .max(limits::EZVIZ_KEY_CHARS)
                .doc("The EZVIZ app secret, letters and digits; empty: unchanged"),
        ]),
        route!(POST "/lfscada/ezviz/key/delete", ezviz::key_delete, "ezviz.key.delete", Admin [],
            "Unlink the organisation's EZVIZ key: EZVIZ videos then say the key is not linked.", []),
        route!(POST "/lfscada/ezviz/live/address", ezviz::live_address, "ezviz.live.address", Session ["pageId" => Page],
            "The live HLS address of the camera a saved page's EZVIZ video widget shows: {url, expireTime (ms)}; the \
             page as page/info sees it (1205, 1240); 1373 not an EZVIZ video, 1375 no serial number, 1370 no key \
             linked, 1371 EZVIZ unreachable, 1372 EZVIZ refused (its code and message), 1374 too many asks.", [
            integer("pageId").required().doc("Page id"),
            text("widgetId").required().doc("The video widget's id in the page's document"),
        ]),
        route!(POST "/lfscada/ezviz/live/preview", ezviz::live_preview, "ezviz.live.preview", Manage ["equipmentId" => Equipment, "projectId" => ProjectPages],
            "The designer's preview of an unsaved page: the live HLS address of a camera named by serial number, for \
             the equipment or project whose page it is: {url, expireTime (ms)}; codes as ezviz/live/address.", [
            // An id, when given, is positive (0 or less names no owner: refused, not ignored).
            int("equipmentId", 1, i64::MAX).doc("The page's equipment (or projectId)"),
            int("projectId", 1, i64::MAX).doc("The page's project (or equipmentId)"),
            text("serialNumber")
                .max(ironsight_domain::page::MAX_SERIAL_CHARS)
                .required()
                .doc("The EZVIZ device serial number, letters and digits"),
            int("channelNumber", 1, limits::EZVIZ_CHANNEL_MAX).default(1).doc("The camera's channel"),
        ]),
    ]
}
