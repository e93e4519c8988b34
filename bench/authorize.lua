-- Authorization load: POST {"paymentToken": ..., "amount": ..., "currency": ...} to the URL given to wrk
-- (http://host:port/api/pay/{projectId}/transactions), round-robin over the payment tokens of a file.
-- Environment: BENCH_API_KEY (required) is the project's API key value, sent as X-API-Key.
--              BENCH_TOKENS_FILE (required): one paymentToken (tok_...) per line, e.g. from E10.
--              BENCH_AMOUNT (default 12.34) and BENCH_CURRENCY (default USD).
-- The report (requests/s, p50, p99, non-2xx) is printed by done(), in report.lua.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")
dofile(here .. "lines.lua")

local key = os.getenv("BENCH_API_KEY")
if key == nil or key == "" then
   error("set BENCH_API_KEY to the project's API key value")
end
local amount = os.getenv("BENCH_AMOUNT") or "12.34"
local currency = os.getenv("BENCH_CURRENCY") or "USD"

local bodies = {}
for i, token in ipairs(read_lines("BENCH_TOKENS_FILE")) do
   bodies[i] = string.format('{"paymentToken":"%s","amount":%s,"currency":"%s"}', token, amount, currency)
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
wrk.headers["X-API-Key"] = key

-- Every answer is checked: 201 and Approved (a decline would answer 200, an error 200 with status Error).
check_answers(201, '"status":"Approved"')

round_robin_threads()

function request()
   return wrk.format(nil, nil, nil, bodies[next_index(#bodies)])
end
