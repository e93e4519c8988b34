-- The read floor (bench/trivial/Floor.java): GET <URL given to wrk>?id=<uuid> (http://host:port/api/diag/floor),
-- round-robin over the transaction ids of a file: one row read by its primary key through the service's pool.
-- Environment: BENCH_IDS_FILE (required): one transaction id per line.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")
dofile(here .. "lines.lua")

wrk.headers["Accept"] = "application/json"

-- Every answer is checked: 200 with the row found.
check_answers(200, '"floor":"read"')

by_ids("GET")
