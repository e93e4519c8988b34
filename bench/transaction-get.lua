-- E16 by id: GET <URL given to wrk>?id=<uuid> (http://host:port/api/pay/{projectId}/transactions), round-robin
-- over the transaction ids of a file.
-- Environment: BENCH_API_KEY (required) is the project's API key value, sent as X-API-Key.
--              BENCH_IDS_FILE (required): one transaction id per line, of that project.
-- The report (requests/s, p50, p99, non-2xx) is printed by done(), in report.lua.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")
dofile(here .. "lines.lua")

local key = os.getenv("BENCH_API_KEY")
if key == nil or key == "" then
   error("set BENCH_API_KEY to the project's API key value")
end

wrk.headers["Accept"] = "application/json"
wrk.headers["X-API-Key"] = key

-- Every answer is checked: 200 with a successful envelope.
check_answers(200, '"success":true')

by_ids("GET")
