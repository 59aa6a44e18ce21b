-- Inspection work orders (issue 14, docs/work-orders.md, the inspection half). Items are the organisation's
-- checklist; a plan is an ordered route of equipment, the items checked on each, the inspector and the schedule;
-- a worksheet is one due occurrence of a plan, with the route and items copied in (a later edit of the plan does
-- not change it), its results per equipment and item, and its steps. One worksheet per plan per due time: the
-- unique index makes the scheduler's tick idempotent.
CREATE TABLE inspection_items (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    name TEXT NOT NULL,
    content TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL,
    min_value DOUBLE PRECISION,
    max_value DOUBLE PRECISION,
    unit TEXT NOT NULL DEFAULT '',
    enabled BIGINT NOT NULL DEFAULT 1,
    gmt_create BIGINT NOT NULL,
    gmt_update BIGINT NOT NULL
);
CREATE INDEX inspection_items_org ON inspection_items (org_id, id);

CREATE TABLE inspection_plans (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    name TEXT NOT NULL,
    inspector_id BIGINT NOT NULL REFERENCES users(id),
    frequency TEXT NOT NULL,
    day BIGINT NOT NULL DEFAULT 0,
    minute BIGINT NOT NULL,
    allowed_hours BIGINT NOT NULL,
    enabled BIGINT NOT NULL DEFAULT 1,
    creator_id BIGINT NOT NULL REFERENCES users(id),
    gmt_create BIGINT NOT NULL,
    gmt_update BIGINT NOT NULL
);
CREATE INDEX inspection_plans_org ON inspection_plans (org_id, id);

-- The route, in order. Deleting an equipment takes it off the route.
CREATE TABLE inspection_plan_equipment (
    plan_id BIGINT NOT NULL REFERENCES inspection_plans(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    PRIMARY KEY (plan_id, equipment_id)
);
CREATE INDEX inspection_plan_equipment_equipment ON inspection_plan_equipment (equipment_id);

-- The items, in order. No cascade: an item in use is not deleted (1295).
CREATE TABLE inspection_plan_items (
    plan_id BIGINT NOT NULL REFERENCES inspection_plans(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    item_id BIGINT NOT NULL REFERENCES inspection_items(id),
    PRIMARY KEY (plan_id, item_id)
);
CREATE INDEX inspection_plan_items_item ON inspection_plan_items (item_id);

CREATE TABLE inspection_worksheets (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    number TEXT NOT NULL,
    plan_id BIGINT REFERENCES inspection_plans(id) ON DELETE SET NULL,
    plan_name TEXT NOT NULL,
    plan_creator_id BIGINT NOT NULL REFERENCES users(id),
    inspector_id BIGINT NOT NULL REFERENCES users(id),
    due_at BIGINT NOT NULL,
    deadline BIGINT NOT NULL,
    status TEXT NOT NULL DEFAULT 'not-started',
    remark TEXT NOT NULL DEFAULT '',
    gmt_submit BIGINT,
    gmt_create BIGINT NOT NULL,
    gmt_update BIGINT NOT NULL
);
CREATE UNIQUE INDEX inspection_worksheets_number ON inspection_worksheets (org_id, number);
CREATE UNIQUE INDEX inspection_worksheets_due ON inspection_worksheets (plan_id, due_at);
CREATE INDEX inspection_worksheets_list ON inspection_worksheets (org_id, id);

CREATE TABLE inspection_worksheet_equipment (
    worksheet_id BIGINT NOT NULL REFERENCES inspection_worksheets(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    PRIMARY KEY (worksheet_id, equipment_id)
);
CREATE INDEX inspection_worksheet_equipment_equipment ON inspection_worksheet_equipment (equipment_id);

-- The items as they were when the worksheet was generated.
CREATE TABLE inspection_worksheet_items (
    id {{ID}},
    worksheet_id BIGINT NOT NULL REFERENCES inspection_worksheets(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    name TEXT NOT NULL,
    content TEXT NOT NULL,
    kind TEXT NOT NULL,
    min_value DOUBLE PRECISION,
    max_value DOUBLE PRECISION,
    unit TEXT NOT NULL
);
CREATE INDEX inspection_worksheet_items_sheet ON inspection_worksheet_items (worksheet_id, position);

CREATE TABLE inspection_results (
    id {{ID}},
    worksheet_id BIGINT NOT NULL REFERENCES inspection_worksheets(id) ON DELETE CASCADE,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    item_id BIGINT NOT NULL REFERENCES inspection_worksheet_items(id) ON DELETE CASCADE,
    value TEXT NOT NULL DEFAULT '',
    remark TEXT NOT NULL DEFAULT '',
    abnormal BIGINT NOT NULL DEFAULT 0,
    repair_order_id BIGINT REFERENCES repair_orders(id) ON DELETE SET NULL,
    gmt_update BIGINT NOT NULL
);
CREATE UNIQUE INDEX inspection_results_one ON inspection_results (worksheet_id, equipment_id, item_id);
CREATE INDEX inspection_results_equipment ON inspection_results (equipment_id, id);

CREATE TABLE inspection_worksheet_steps (
    id {{ID}},
    order_id BIGINT NOT NULL REFERENCES inspection_worksheets(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    action TEXT NOT NULL,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    gmt_create BIGINT NOT NULL
);
CREATE INDEX inspection_worksheet_steps_sheet ON inspection_worksheet_steps (order_id, id);
