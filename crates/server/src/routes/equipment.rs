//! Equipment in the route table (spec section 4): the list, add, edit, delete and gateway binding; the driver and
//! the signal list; the detail the spec's older path answers; the manufacturers; and uploaded images.

use super::table::{CARD_QUERY, EQUIPMENT_ID, EXPIRE_DATE};
use super::*;
use crate::api::{equipment, images, monitor_list, signals};

/// The editable equipment fields, shared by add and edit.
const EQUIPMENT_FIELDS: [ParamDef; 10] = [
    text("equipName").max(limits::EQUIPMENT_NAME_CHARS).required().doc("Equipment name"),
    text("display").doc("list (default) or page"),
    text("ruleType").doc("00 (default) or 01"),
    text("model").max(limits::EQUIPMENT_MODEL_CHARS).doc("Model"),
    text("manufacturer").max(limits::MANUFACTURER_CHARS).doc("Manufacturer"),
    text("address").max(limits::EQUIPMENT_ADDRESS_CHARS).doc("Location address"),
    number("latitude", -limits::LATITUDE_MAX, limits::LATITUDE_MAX).doc("Latitude, degrees north"),
    number("longitude", -limits::LONGITUDE_MAX, limits::LONGITUDE_MAX).doc("Longitude, degrees east"),
    text("remark").max(limits::REMARK_CHARS).doc("Remark"),
    EXPIRE_DATE,
];

const ID: ParamDef = integer("id").required().doc("Equipment id");

/// Edit takes the id, then the same fields as add.
const EQUIPMENT_EDIT: [ParamDef; 11] = {
    let mut params = [ID; 11];
    let mut i = 0;
    while i < EQUIPMENT_FIELDS.len() {
        params[i + 1] = EQUIPMENT_FIELDS[i];
        i += 1;
    }
    params
};

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/equipment/multi/query", equipment::query, "equipment.multi.query", Session ["groupId" => Group],
        "The organisation's equipment (as the caller may see it), newest first or by name, with the monitor lists' filters.",
            params = &CARD_QUERY),
        route!(POST "/lfscada/equipment/multi/add", equipment::add, "equipment.multi.add", Manage [],
        "Add equipment.", params = &EQUIPMENT_FIELDS),
        route!(POST "/lfscada/equipment/multi/edit", equipment::edit, "equipment.multi.edit", Manage ["id" => Equipment],
        "Edit equipment; 1214 when it does not exist.", params = &EQUIPMENT_EDIT),
        route!(POST "/lfscada/equipment/multi/info", equipment::info, "equipment.multi.info", Session ["id" => Equipment],
            "One equipment; 1214 when it does not exist.", [ID]),
        route!(POST "/lfscada/equipment/multi/delete", equipment::delete, "equipment.multi.delete", Manage ["id" => Equipment],
            "Delete equipment.", [ID]),
        route!(POST "/lfscada/equipment/multi/bindGateway", equipment::bind_gateway, "equipment.multi.bindGateway", Manage ["id" => Equipment, "sn" => Gateway],
        "Bind equipment to a gateway of the organisation; 2001 when there is no such gateway.", [
            ID,
            text("sn").max(limits::SERIAL_NUMBER_CHARS).required().doc("Gateway serial number"),
        ]),
        route!(POST "/lfscada/equipment/multi/unbindGateway", equipment::unbind_gateway, "equipment.multi.unbindGateway", Manage ["id" => Equipment],
            "Unbind equipment from its gateway.", [ID]),
        route!(POST "/lfscada/equipment/multi/driver/save", signals::save_driver, "equipment.multi.driver.save", Manage ["id" => Equipment],
        "Set the equipment's driver settings, checked field by field.", [
            ID,
            object("driver").required().doc("DriverConfig: {kind: modbus_tcp|modbus_rtu, …} (docs/gateway-protocol.md)"),
        ]),
        route!(POST "/lfscada/equipment/multi/driver/schema", signals::driver_schema, "equipment.multi.driver.schema", Session [],
            "Every driver's settings as a form description: fields, kinds, limits, defaults, zh/en labels.", []),
        route!(POST "/lfscada/equipment/multi/signal/query", signals::query, "equipment.multi.signal.query", Session ["equipmentId" => Equipment],
        "The equipment's signal definitions in their saved order.", [
            EQUIPMENT_ID,
        ]),
        route!(POST "/lfscada/equipment/multi/signal/save", signals::save, "equipment.multi.signal.save", Manage ["equipmentId" => Equipment],
        "Replace the equipment's signal list (ids kept; id 0 for new); checked as a set.", [
            EQUIPMENT_ID,
            list("signals").required().doc("JSON array of SignalDef (docs/gateway-protocol.md), at most 2000"),
        ]),
        route!(POST "/usual/EquipAction!getEquipDetail.action", equipment::info, "usual.getEquipDetail", Session ["id" => Equipment],
            "The same answer as /lfscada/equipment/multi/info (the spec's older path).", [ID]),
        route!(POST "/lfscada/equipment/multi/extra/queryAllManufacturer", monitor_list::manufacturers, "equipment.multi.extra.queryAllManufacturer", Session [],
            "The distinct non-empty manufacturer names of the organisation's equipment, sorted: string[].", []),
        upload!("/lfscada/equipment/multi/image/upload", images::upload, "equipment.multi.image.upload", Manage ["id" => Equipment],
        "Set the equipment's picture (multipart/form-data: id, file; png, jpg, gif, svg or webp by its bytes, at most \
         2 MiB; svg without script) → {image: '/userimg/<file>'}.", [
            ID.doc("Equipment id (multipart field)"),
            text("file").required().doc("The image (multipart file field)"),
        ]),
        route!(GET "/userimg/{*file}", images::serve, "userimg.get", Session [],
            "An uploaded image (the spec's image base path); 404 (1216) for a missing or foreign name. Served with \
             Content-Security-Policy: sandbox.", []),
    ]
}
