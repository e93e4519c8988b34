-- Shows that the checks of bench/faults.sh can fail: plants one fault of each kind into the database a run left
-- behind, runs bench/faults-checks.sql on it and rolls everything back. After a run (its cluster is stopped on
-- exit, its data stays), as root from the repository:
--
--   runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D target/faults/pg/data -l target/faults/pg/plant.log \
--     -o "-p 55432 -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PWD/target/faults/pg" -w start
--   psql -h 127.0.0.1 -p 55432 -U postgres -d payments -X -q -v project=<project id> \
--     -v requests=$PWD/target/faults/requests.tsv -f bench/faults-plant.sql
--   runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D target/faults/pg/data -m fast -w stop
--
-- Expected on top of the run's own figures: lost +1 (a refund's event deleted), duplicated +1 (a second transaction
-- with a reversed one's orderId), invariant breaks +3 (captured > authorized; refunded_amount without its event and
-- a gap in the positions; the copied Reversed transaction without events), Pending +1 and a report row that differs
-- (an authorization event set back to Pending), stuck claims +1 and an answered key without a stored answer (a
-- completed claim set back to IN_PROGRESS).
BEGIN;
UPDATE transactions SET captured_amount = amount + 1
WHERE id = (SELECT id FROM transactions WHERE project_id = :'project' AND status = 'PartiallyRefunded' ORDER BY id LIMIT 1);
DELETE FROM report_transaction_events WHERE event_id = (SELECT id FROM transaction_events
    WHERE project_id = :'project' AND event_type = 'Refund' ORDER BY id LIMIT 1 OFFSET 3);
DELETE FROM transaction_events WHERE id = (SELECT id FROM transaction_events
    WHERE project_id = :'project' AND event_type = 'Refund' ORDER BY id LIMIT 1 OFFSET 3);
UPDATE idempotency_keys SET state = 'IN_PROGRESS'
WHERE id = (SELECT id FROM idempotency_keys WHERE scope = 'project:' || :'project' AND state = 'COMPLETED' ORDER BY id LIMIT 1);
UPDATE transaction_events SET event_result = 'Pending' WHERE id = (SELECT id FROM transaction_events
    WHERE project_id = :'project' AND event_type = 'Authorize' AND event_result = 'Approved' ORDER BY id LIMIT 1 OFFSET 7);
CREATE TEMP TABLE planted AS SELECT * FROM transactions WHERE project_id = :'project' AND status = 'Reversed' LIMIT 1;
UPDATE planted SET id = gen_random_uuid(), event_count = 0;
INSERT INTO transactions SELECT * FROM planted;
\ir faults-checks.sql
ROLLBACK;
