-- Repair work orders (issue 14, docs/work-orders.md): an order on one equipment, its steps (who, when, from which
-- status to which, with a remark) and its pictures. An order belongs to its equipment: a grant covers it, and
-- deleting the equipment deletes its orders. The number is unique per organisation (WX + day + sequence): the
-- unique index decides between two orders numbered at once, and the loser takes the next number.
CREATE TABLE repair_orders (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    number TEXT NOT NULL,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    alarm_id BIGINT,
    signal_title TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    creator_id BIGINT NOT NULL REFERENCES users(id),
    repairer_id BIGINT REFERENCES users(id),
    content TEXT NOT NULL DEFAULT '',
    gmt_create BIGINT NOT NULL,
    gmt_update BIGINT NOT NULL
);
CREATE UNIQUE INDEX repair_orders_number ON repair_orders (org_id, number);
CREATE INDEX repair_orders_list ON repair_orders (org_id, id);
CREATE INDEX repair_orders_equipment ON repair_orders (equipment_id, id);

CREATE TABLE repair_order_steps (
    id {{ID}},
    order_id BIGINT NOT NULL REFERENCES repair_orders(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    action TEXT NOT NULL,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    gmt_create BIGINT NOT NULL
);
CREATE INDEX repair_order_steps_order ON repair_order_steps (order_id, id);

CREATE TABLE repair_order_pictures (
    id {{ID}},
    order_id BIGINT NOT NULL REFERENCES repair_orders(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    uploaded_by BIGINT NOT NULL REFERENCES users(id),
    gmt_create BIGINT NOT NULL
);
CREATE INDEX repair_order_pictures_order ON repair_order_pictures (order_id, id);
CREATE INDEX repair_order_pictures_path ON repair_order_pictures (path);
