-- The read-then-write floor (bench/trivial/Floor.java): POST <URL given to wrk>?id=<uuid>
-- (http://host:port/api/diag/floor), round-robin over the transaction ids of a file: one row read by its primary key,
-- then one row inserted and committed, on one connection of the service's pool: the least a tokenization or an
-- authorization can do (its key checked and what its processor call needs read, then its write).
-- Environment: BENCH_IDS_FILE (required): one transaction id per line.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")
dofile(here .. "lines.lua")

wrk.headers["Accept"] = "application/json"

-- Every answer is checked: 200 with the row found and the new one written.
check_answers(200, '"floor":"read-written"')

by_ids("POST")
