-- The report benchmark's data: :rows fact rows (report_transaction_events) for company :'company', whose projects
-- exist already, spread over the :days days before :'year_end' (UTC), in time order as the sync would append them,
-- plus tag rows for about a third of the transactions, and the hourly rollup of those facts (report_event_hours) as
-- the sync keeps it. Run by bench/report.sh with psql:
--   psql -v company=<uuid> -v rows=10000000 -v days=396 -v year_end=2026-11-01 -f bench/report-data.sql
-- Every value is derived from the transaction number by hashing, so a run is reproducible.
--
-- Transactions and their events (about 3.01 events per transaction):
--   8%  Authorize Declined (05)                    2%  Authorize Error (96)
--   6%  Authorize, ReverseAuthorize 2 h later      70% Authorize, Capture 1 h later, Settle a day later
--   13% as 70%, then Refund 3 days and RefundSettle 4 days after the authorization (half the amount)
--   1%  as 70%, then Chargeback 20 days after the authorization (reason code 4837)
-- Dimensions: projects uniformly; card brands VISA 50%, MASTERCARD 30%, AMEX 10%, DISCOVER 5%, JCB 2%, DINERS 2%,
-- UNIONPAY 1%; 10,000 last-4 values; 72 expiry months; CVV valid 97%; 500,000 e-mails; 800,000 fingerprints; about
-- 16 million IPs; billing in 50 US states (2% without a state), 1,000 cities, 90% US; delivery = billing for 80%.
\set ON_ERROR_STOP on
SET synchronous_commit = off;
SET work_mem = '256MB';
SET max_parallel_workers_per_gather = 0;

CREATE FUNCTION pg_temp.h(t bigint, salt int) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT hashint8(t * 1000003 + salt)::bigint & 2147483647 $$;

CREATE TEMP TABLE bench_projects AS
SELECT (row_number() OVER (ORDER BY id) - 1)::int AS i, id, project_name FROM projects WHERE company_id = :'company';
SELECT count(*) AS project_count FROM bench_projects \gset
-- About 3.01 events each: a few transactions to spare for the cut at :rows.
SELECT ceil(:rows / 2.95)::bigint AS transactions \gset

\echo generating :rows events of about :transactions transactions over :project_count projects

INSERT INTO report_transaction_events (event_id, transaction_id, company_id, project_id, project_name, event_position,
    event_type, event_result, event_result_code, amount, currency, occurred_at, event_order, created_at, ip,
    fingerprint, email, valid_cvv, cc_type, cc_last4, cc_expiration, billing_first_name, billing_last_name,
    billing_address_line1, billing_address_line2, billing_city, billing_state, billing_zip, billing_country,
    delivery_first_name, delivery_last_name, delivery_address_line1, delivery_address_line2, delivery_city,
    delivery_state, delivery_zip, delivery_country, transaction_result_code, synced_at)
SELECT
    ('00000000-0000-4000-8000-' || lpad(to_hex(x.t * 8 + e.pos), 12, '0'))::uuid,
    x.id, :'company', p.id, p.project_name, e.pos,
    x.types[e.pos],
    CASE WHEN e.pos = 1 THEN x.auth_result ELSE 'Approved' END,
    CASE WHEN e.pos = 1 THEN x.auth_code WHEN x.types[e.pos] = 'Chargeback' THEN '4837' ELSE '00' END,
    CASE WHEN x.types[e.pos] IN ('Refund', 'RefundSettle') THEN round(x.amount / 2, 2) ELSE x.amount END,
    'USD',
    x.created + x.offsets[e.pos] * interval '1 second',
    to_char((x.created + x.offsets[e.pos] * interval '1 second') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')
        || '|' || lpad(e.pos::text, 5, '0')
        || '|' || (array_position(ARRAY['Authorize','Capture','Chargeback','Refund','RefundSettle','ReverseAuthorize',
                                        'Settle'], x.types[e.pos]) - 1)
        || '|' || (array_position(ARRAY['Approved','Declined','Error','Pending'],
                                  CASE WHEN e.pos = 1 THEN x.auth_result ELSE 'Approved' END) - 1),
    x.created,
    '10.' || (x.h_ip % 256) || '.' || (x.h_ip / 256 % 256) || '.' || (x.h_ip / 65536 % 256),
    'fp-' || (pg_temp.h(x.t, 12) % 800000),
    'customer' || (pg_temp.h(x.t, 10) % 500000) || '@example.com',
    pg_temp.h(x.t, 9) % 100 < 97,
    CASE WHEN x.h_brand < 50 THEN 'VISA' WHEN x.h_brand < 80 THEN 'MASTERCARD' WHEN x.h_brand < 90 THEN 'AMEX'
         WHEN x.h_brand < 95 THEN 'DISCOVER' WHEN x.h_brand < 97 THEN 'JCB' WHEN x.h_brand < 99 THEN 'DINERS'
         ELSE 'UNIONPAY' END,
    lpad((pg_temp.h(x.t, 7) % 10000)::text, 4, '0'),
    (2026 + pg_temp.h(x.t, 8) % 6) || '-' || lpad((1 + pg_temp.h(x.t, 18) % 12)::text, 2, '0'),
    x.first_name, x.last_name, (pg_temp.h(x.t, 16) % 9999 + 1) || ' Main Street', NULL,
    x.city, x.state, lpad((pg_temp.h(x.t, 15) % 100000)::text, 5, '0'), x.country,
    x.first_name, x.last_name,
    CASE WHEN x.same_delivery THEN (pg_temp.h(x.t, 16) % 9999 + 1) || ' Main Street' ELSE '1 Depot Road' END, NULL,
    CASE WHEN x.same_delivery THEN x.city ELSE 'Depot City' END,
    CASE WHEN x.same_delivery THEN x.state ELSE 'NV' END,
    lpad((pg_temp.h(x.t, 15) % 100000)::text, 5, '0'), x.country,
    x.auth_code, now()
FROM (
    SELECT t,
           ('00000000-0000-4000-9000-' || lpad(to_hex(t), 12, '0'))::uuid AS id,
           o.outcome,
           CASE WHEN o.outcome < 100 THEN ARRAY['Authorize']
                WHEN o.outcome < 160 THEN ARRAY['Authorize', 'ReverseAuthorize']
                WHEN o.outcome < 860 THEN ARRAY['Authorize', 'Capture', 'Settle']
                WHEN o.outcome < 990 THEN ARRAY['Authorize', 'Capture', 'Settle', 'Refund', 'RefundSettle']
                ELSE ARRAY['Authorize', 'Capture', 'Settle', 'Chargeback'] END AS types,
           CASE WHEN o.outcome < 100 THEN ARRAY[0]
                WHEN o.outcome < 160 THEN ARRAY[0, 7200]
                WHEN o.outcome < 860 THEN ARRAY[0, 3600, 86400]
                WHEN o.outcome < 990 THEN ARRAY[0, 3600, 86400, 259200, 345600]
                ELSE ARRAY[0, 3600, 86400, 1728000] END AS offsets,
           CASE WHEN o.outcome < 80 THEN 'Declined' WHEN o.outcome < 100 THEN 'Error' ELSE 'Approved' END AS auth_result,
           CASE WHEN o.outcome < 80 THEN '05' WHEN o.outcome < 100 THEN '96' ELSE '00' END AS auth_code,
           round((100 + pg_temp.h(t, 3) % 49900) / 100.0, 2) AS amount,
           (:'year_end'::timestamptz - :days * interval '1 day')
               + (t::float8 / :transactions * :days * 86400 + pg_temp.h(t, 4) % 600) * interval '1 second' AS created,
           pg_temp.h(t, 5) AS h_project,
           pg_temp.h(t, 6) % 100 AS h_brand,
           pg_temp.h(t, 11) AS h_ip,
           (ARRAY['Ada','Alan','Grace','Edsger','Barbara','Donald','Frances','John','Margaret','Ken','Radia','Tim',
                  'Linus','Sophie','Guido','Anders','James','Bjarne','Niklaus','Leslie'])[1 + pg_temp.h(t, 13) % 20] AS first_name,
           (ARRAY['Lovelace','Turing','Hopper','Dijkstra','Liskov','Knuth','Allen','Backus','Hamilton','Thompson',
                  'Perlman','Berners-Lee','Torvalds','Wilson','Rossum','Hejlsberg','Gosling','Stroustrup','Wirth',
                  'Lamport'])[1 + pg_temp.h(t, 14) % 20] AS last_name,
           s.state,
           'City ' || (pg_temp.h(t, 17) % 20) || ' ' || coalesce(s.state, 'XX') AS city,
           CASE WHEN pg_temp.h(t, 19) % 100 < 90 THEN 'US'
                ELSE (ARRAY['CA','GB','DE','FR','MX'])[1 + pg_temp.h(t, 19) % 5] END AS country,
           pg_temp.h(t, 20) % 100 < 80 AS same_delivery
    FROM generate_series(0::bigint, :transactions - 1) AS t
    CROSS JOIN LATERAL (SELECT (pg_temp.h(t, 1) % 1000)::int AS outcome) o
    CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.h(t, 2) % 100 < 2 THEN NULL ELSE
        (ARRAY['AL','AK','AZ','AR','CA','CO','CT','DE','FL','GA','HI','ID','IL','IN','IA','KS','KY','LA','ME','MD',
               'MA','MI','MN','MS','MO','MT','NE','NV','NH','NJ','NM','NY','NC','ND','OH','OK','OR','PA','RI','SC',
               'SD','TN','TX','UT','VT','VA','WA','WV','WI','WY'])[1 + pg_temp.h(t, 2) % 50] END AS state) s
) x
CROSS JOIN LATERAL generate_series(1, array_length(x.types, 1)) AS e(pos)
JOIN bench_projects p ON p.i = x.h_project % :project_count
LIMIT :rows; -- the nested loop yields transactions in order: the cut drops the last ones

-- Tags for about a third of the transactions: channel = web, mobile or pos.
INSERT INTO report_transaction_tags (transaction_id, label, tag_value)
SELECT transaction_id, 'channel', (ARRAY['web', 'mobile', 'pos'])[1 + pg_temp.h(t, 21) % 3]
FROM (SELECT transaction_id, ('x' || substr(transaction_id::text, 25, 12))::bit(48)::bigint AS t
      FROM report_transaction_events WHERE company_id = :'company' AND event_position = 1) f
WHERE pg_temp.h(t, 22) % 3 = 0;

-- The project names the facts carry, as the sync records them before it copies a project's first facts.
INSERT INTO report_projects (project_id, project_name)
SELECT id, project_name FROM bench_projects p WHERE NOT EXISTS (SELECT 1 FROM report_projects r WHERE r.project_id = p.id);

-- The rollups, as the migration makes them of facts already there (liquibase/changes/032-report-event-hours.yaml).
INSERT INTO report_event_hours (company_id, project_id, occurred_hour, created_hour, event_type, event_result,
    event_result_code, cc_type, valid_cvv, currency, event_count, amount_sum, first_at, last_at, last_key)
SELECT company_id, project_id, date_trunc('hour', occurred_at, 'UTC'), date_trunc('hour', created_at, 'UTC'),
    event_type, event_result, event_result_code, cc_type, valid_cvv, currency, count(*), sum(amount),
    min(occurred_at), max(occurred_at), max(event_order)
FROM report_transaction_events WHERE company_id = :'company'
GROUP BY company_id, project_id, date_trunc('hour', occurred_at, 'UTC'), date_trunc('hour', created_at, 'UTC'),
    event_type, event_result, event_result_code, cc_type, valid_cvv, currency
ORDER BY 3; -- stored in time order, as the sync appends them
INSERT INTO report_company_hours (company_id, occurred_hour, created_hour, event_type, event_result,
    event_result_code, cc_type, valid_cvv, currency, event_count, amount_sum, first_at, last_at, last_key)
SELECT company_id, occurred_hour, created_hour, event_type, event_result, event_result_code, cc_type, valid_cvv,
    currency, sum(event_count), sum(amount_sum), min(first_at), max(last_at), max(last_key)
FROM report_event_hours WHERE company_id = :'company'
GROUP BY company_id, occurred_hour, created_hour, event_type, event_result, event_result_code, cc_type, valid_cvv,
    currency
ORDER BY occurred_hour;

ANALYZE report_transaction_events;
ANALYZE report_event_hours;
ANALYZE report_company_hours;
ANALYZE report_transaction_tags;
SELECT count(*) AS fact_rows, count(DISTINCT transaction_id) AS transactions, min(occurred_at) AS first_event,
       max(occurred_at) AS last_event FROM report_transaction_events WHERE company_id = :'company';
