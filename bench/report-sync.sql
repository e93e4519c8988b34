-- The report sync's benchmark data: :count authorizations (a transaction and its Authorize event each) for company
-- :'company', spread over the minute before now over its projects, as 2,000 authorizations a second would leave them
-- for the next sync to copy (:count = 120000 is one minute of them). Run by bench/report.sh with psql; the rows
-- reference a processor and a payment token that do not exist (replica mode skips the foreign keys: only the sync's
-- read of transactions and transaction_events is measured, and the bench schema is dropped after).
\set ON_ERROR_STOP on
SET session_replication_role = replica;
SET synchronous_commit = off;

CREATE TEMP TABLE sync_bench_projects AS
SELECT (row_number() OVER (ORDER BY id) - 1)::int AS i, id FROM projects WHERE company_id = :'company';
SELECT count(*) AS project_count FROM sync_bench_projects \gset

CREATE TEMP TABLE sync_bench AS
SELECT gen_random_uuid() AS id, p.id AS project_id, now() - (g % 60000) * interval '1 millisecond' AS at,
       (ARRAY['VISA','MASTERCARD','AMEX','DISCOVER'])[1 + g % 4] AS cc_type, (g % 50 <> 0) AS approved,
       round((100 + g % 49900) / 100.0, 2) AS amount
FROM generate_series(1, :count) AS g
JOIN sync_bench_projects p ON p.i = g % :project_count;

INSERT INTO transactions (id, project_id, company_id, processor_id, gateway, credential_version, payment_token_id,
    cc_type, masked_card_number, cc_last4, cc_expiration, valid_cvv, amount, currency, captured_amount, refunded_amount,
    status, result_code, event_count, created_at, updated_at, version)
SELECT id, project_id, :'company', gen_random_uuid(), 1, 0, gen_random_uuid(), cc_type, '************4242', '4242',
       '2031-12', true, amount, 'USD', 0, 0, CASE WHEN approved THEN 'Approved' ELSE 'Declined' END,
       CASE WHEN approved THEN '00' ELSE '05' END, 1, at, at, 1
FROM sync_bench;

INSERT INTO transaction_events (id, transaction_id, project_id, company_id, position, event_type, event_result,
    result_code, amount, currency, credential_version, awaiting_settlement, occurred_at)
SELECT gen_random_uuid(), id, project_id, :'company', 1, 'Authorize', CASE WHEN approved THEN 'Approved' ELSE 'Declined' END,
       CASE WHEN approved THEN '00' ELSE '05' END, amount, 'USD', 0, false, at
FROM sync_bench;

ANALYZE transactions;
ANALYZE transaction_events;
