-- The person a work order's step named (a repair order's dispatch and redispatch: the repairer), so its history
-- reads "demo dispatched it to fixer" and a reassignment says to whom. NULL for steps that name nobody and for
-- steps recorded before. Both step tables keep one shape (store::work_orders).
ALTER TABLE repair_order_steps ADD COLUMN assignee_id BIGINT;
ALTER TABLE inspection_worksheet_steps ADD COLUMN assignee_id BIGINT;
