-- The checks of bench/faults.sh, run by psql on the suite's own database after the load, the reconciliation and
-- the report sync: psql -v project=<project id> -v requests=<path of requests.tsv> -f bench/faults-checks.sql
-- Prints one line per check: name|count|examples (at most 5; keys, ids, what is wrong). Every count must be 0
-- but the informative ones (effects, transactions, events).
\set ON_ERROR_STOP 1
\pset format unaligned
\pset tuples_only on
\pset fieldsep '|'

CREATE TEMP TABLE r (
    key text, kind text, worker int, flow bigint, card text, token text, tx_id text, amount numeric, started_ms bigint,
    ended_ms bigint, attempts int, status int, trail text, result_id text, token_value text, result text, replayed boolean);
-- read by the server (the suite's own cluster, as its superuser): psql's \copy takes no variables
COPY r FROM :'requests' WITH (FORMAT csv, DELIMITER E'\t', HEADER true);

CREATE INDEX ON r (key);
CREATE INDEX ON r (tx_id, kind);
CREATE INDEX ON r (result_id);
CREATE TEMP TABLE tx AS SELECT * FROM transactions WHERE project_id = :'project';
CREATE TEMP TABLE ev AS SELECT * FROM transaction_events WHERE project_id = :'project';
CREATE INDEX ON ev (transaction_id, position);
CREATE TEMP TABLE tok AS SELECT * FROM payment_tokens WHERE project_id = :'project';
CREATE INDEX ON tok (last_name);
ANALYZE r;
ANALYZE tx;
ANALYZE ev;
ANALYZE tok;

-- Every effect in the database, with the key of the request it belongs to (NULL: no request of the client made it).
-- Tokens carry their request's key as the address's last name, transactions as orderId; a capture, refund or reversal
-- belongs to the request of that kind on that transaction with that amount (a flow's refunds have different amounts;
-- the second event of a sale is the sale's own capture, not a move).
CREATE TEMP TABLE effect AS
    SELECT 'tokenize' AS kind, tok.id AS effect_id, tok.last_name AS key, NULL::text AS result FROM tok
    UNION ALL
    SELECT CASE WHEN s.key IS NOT NULL THEN s.kind ELSE 'authorize' END, tx.id, tx.order_id, tx.status
    FROM tx LEFT JOIN r s ON s.key = tx.order_id
    UNION ALL
    SELECT lower(CASE e.event_type WHEN 'ReverseAuthorize' THEN 'reverse' ELSE e.event_type END), e.id,
           (SELECT m.key FROM r m WHERE m.tx_id = e.transaction_id::text
              AND m.kind = lower(CASE e.event_type WHEN 'ReverseAuthorize' THEN 'reverse' ELSE e.event_type END)
              AND (e.event_type = 'ReverseAuthorize' OR m.amount = e.amount) LIMIT 1),
           e.event_result
    FROM ev e
    WHERE e.event_type IN ('Capture', 'Refund', 'ReverseAuthorize')
      AND NOT (e.event_type = 'Capture' AND EXISTS (SELECT 1 FROM r s WHERE s.kind = 'sale' AND s.result_id = e.transaction_id::text));
CREATE INDEX ON effect (key);
ANALYZE effect;

CREATE TEMP TABLE per_request AS
    SELECT r.*, (SELECT count(*) FROM effect f WHERE f.key = r.key) AS effects,
           EXISTS (SELECT 1 FROM effect f WHERE f.key = r.key AND f.effect_id::text = r.result_id) AS answered_effect
    FROM r;

-- answered: the final answer was a 2xx that names the effect it made (a declined move makes no effect: DESIGN.md 10)
CREATE TEMP VIEW acked_effect AS
    SELECT * FROM per_request
    WHERE status BETWEEN 200 AND 299 AND coalesce(result_id, '') <> ''
      AND NOT (kind IN ('capture', 'refund', 'reverse') AND result IN ('Declined', 'Error'));

SELECT 'effects', count(*), string_agg(DISTINCT kind, ',') FROM effect;

SELECT 'lost', count(*), string_agg(key || ' ' || kind || ' answered ' || status || ' id ' || result_id, '; ')
FROM (SELECT * FROM acked_effect WHERE NOT answered_effect ORDER BY started_ms LIMIT 1000) x;

SELECT 'duplicated', coalesce(sum(effects - 1), 0),
       string_agg(key || ' ' || kind || ': ' || effects || ' effects, attempts ' || trail, '; ')
FROM (SELECT * FROM per_request WHERE effects > 1 ORDER BY started_ms) x;

SELECT 'half_done_unanswered', count(*), string_agg(key || ' ' || kind || ' attempts ' || trail, '; ')
FROM (SELECT * FROM per_request WHERE status = 0 AND effects > 0 ORDER BY started_ms) x;

-- A request answered 4xx although its effect exists: the work committed, its answer was lost, and the retry ran
-- the request again and was refused (e.g. "not Approved" for a capture that had in fact been made).
SELECT 'wrong_answer', count(*), string_agg(key || ' ' || kind || ' answered ' || status || ' after ' || trail, '; ')
FROM (SELECT * FROM per_request WHERE status BETWEEN 400 AND 499 AND effects > 0 ORDER BY started_ms) x;

SELECT 'unexpected_4xx', count(*), string_agg(key || ' ' || kind || ' ' || status || ' after ' || trail, '; ')
FROM (SELECT * FROM per_request WHERE status BETWEEN 400 AND 499 ORDER BY started_ms LIMIT 20) x;

SELECT 'unexplained_effects', count(*), string_agg(kind || ' ' || effect_id || ' key ' || coalesce(key, '?'), '; ')
FROM (SELECT * FROM effect f WHERE f.key IS NULL OR NOT EXISTS (SELECT 1 FROM r WHERE r.key = f.key) LIMIT 20) x;

-- Money invariants, one line per broken transaction (each broken rule named).
CREATE TEMP TABLE breaks AS
SELECT t.id, concat_ws(',',
        CASE WHEN t.captured_amount > t.amount THEN 'captured>authorized' END,
        CASE WHEN t.refunded_amount > t.captured_amount THEN 'refunded>captured' END,
        CASE WHEN a.reversals > 1 THEN 'reversed ' || a.reversals || ' times' END,
        CASE WHEN t.captured_amount <> a.captured THEN 'captured_amount<>capture events' END,
        CASE WHEN t.refunded_amount <> a.refunded THEN 'refunded_amount<>refund events' END,
        CASE WHEN t.event_count <> a.events OR a.max_position <> a.events OR a.min_position <> 1 THEN 'event positions' END,
        CASE WHEN a.after_reversal > 0 THEN 'moved after reversal' END,
        CASE WHEN a.first_result IN ('Declined', 'Error') AND a.events > 1 THEN 'moved after ' || a.first_result END,
        CASE WHEN t.status = 'Reversed' AND (t.captured_amount <> 0 OR a.reversals <> 1) THEN 'Reversed inconsistent' END,
        CASE WHEN t.status = 'Refunded' AND (t.refunded_amount <> t.captured_amount OR t.captured_amount = 0) THEN 'Refunded inconsistent' END,
        CASE WHEN t.status = 'PartiallyRefunded' AND NOT (t.refunded_amount > 0 AND t.refunded_amount < t.captured_amount) THEN 'PartiallyRefunded inconsistent' END,
        CASE WHEN t.status = 'Captured' AND NOT (t.captured_amount > 0 AND t.refunded_amount = 0) THEN 'Captured inconsistent' END,
        CASE WHEN t.status IN ('Approved', 'Declined', 'Error', 'Pending') AND t.captured_amount <> 0 THEN t.status || ' with a capture' END
    ) AS broken
FROM tx t
JOIN LATERAL (
    SELECT count(*) AS events, min(e.position) AS min_position, max(e.position) AS max_position,
           count(*) FILTER (WHERE e.event_type = 'ReverseAuthorize' AND e.event_result = 'Approved') AS reversals,
           coalesce(sum(e.amount) FILTER (WHERE e.event_type = 'Capture' AND e.event_result = 'Approved'), 0) AS captured,
           coalesce(sum(e.amount) FILTER (WHERE e.event_type = 'Refund' AND e.event_result = 'Approved'), 0) AS refunded,
           (SELECT f.event_result FROM ev f WHERE f.transaction_id = t.id ORDER BY f.position LIMIT 1) AS first_result,
           count(*) FILTER (WHERE e.position > (SELECT min(g.position) FROM ev g WHERE g.transaction_id = t.id
                   AND g.event_type = 'ReverseAuthorize' AND g.event_result = 'Approved')) AS after_reversal
    FROM ev e WHERE e.transaction_id = t.id) a ON true;

SELECT 'invariant_breaks', count(*), string_agg(id || ' ' || broken, '; ')
FROM (SELECT * FROM breaks WHERE broken <> '' LIMIT 20) x;

SELECT 'transactions', coalesce(sum(n), 0), string_agg(status || ' ' || n, ',')
FROM (SELECT status, count(*) AS n FROM tx GROUP BY status ORDER BY status) x;

SELECT 'pending_transactions', count(*), string_agg(id::text, '; ') FROM (SELECT id FROM tx WHERE status = 'Pending' LIMIT 5) x;
SELECT 'pending_events', count(*), string_agg(id::text || ' ' || event_type, '; ')
FROM (SELECT id, event_type FROM ev WHERE event_result = 'Pending' LIMIT 5) x;

-- The Simulator's timeout cards: 408 was approved by the processor, 416 never reached it (Declined, 91).
SELECT 'timeout_cards_wrong_outcome', count(*), string_agg(id || ' ' || card || ' -> ' || status || '/' || coalesce(result_code, ''), '; ')
FROM (SELECT t.id, k.card, t.status, t.result_code
      FROM tx t JOIN tok ON tok.id = t.payment_token_id JOIN r k ON k.key = tok.last_name
      WHERE (k.card = 'timeout408' AND t.status <> 'Approved')
         OR (k.card = 'timeout416' AND NOT (t.status = 'Declined' AND t.result_code = '91'))
      LIMIT 20) x;
SELECT 'timeout_card_transactions', count(*), string_agg(DISTINCT k.card, ',')
FROM tx t JOIN tok ON tok.id = t.payment_token_id JOIN r k ON k.key = tok.last_name
WHERE k.card IN ('timeout408', 'timeout416');

SELECT 'stuck_claims', count(*), string_agg(idem_key || ' since ' || created_at || ' lease ' || coalesce(lease_until::text, '?'), '; ')
FROM (SELECT * FROM idempotency_keys WHERE state = 'IN_PROGRESS' AND scope = 'project:' || :'project' LIMIT 20) x;
SELECT 'answered_without_stored_answer', count(*), string_agg(key, '; ')
FROM (SELECT r.key FROM r WHERE r.status > 0 AND NOT EXISTS (SELECT 1 FROM idempotency_keys i
        WHERE i.scope = 'project:' || :'project' AND i.idem_key = r.key AND i.state = 'COMPLETED') LIMIT 20) x;

SELECT 'events', count(*), NULL FROM ev;
SELECT 'report_missing', count(*), string_agg(id::text, '; ')
FROM (SELECT id FROM ev WHERE NOT EXISTS (SELECT 1 FROM report_transaction_events f WHERE f.event_id = ev.id) LIMIT 5) x;
SELECT 'report_stale', count(*), string_agg(event_id || ' ' || f_result || '<>' || e_result, '; ')
FROM (SELECT f.event_id, f.event_result AS f_result, e.event_result AS e_result
      FROM report_transaction_events f JOIN ev e ON e.id = f.event_id
      WHERE f.event_result <> e.event_result OR coalesce(f.event_result_code, '') <> coalesce(e.result_code, '')
         OR f.amount <> e.amount LIMIT 5) x;
SELECT 'report_extra', count(*), string_agg(event_id::text, '; ')
FROM (SELECT event_id FROM report_transaction_events f WHERE f.project_id = :'project'
      AND NOT EXISTS (SELECT 1 FROM ev WHERE ev.id = f.event_id) LIMIT 5) x;
