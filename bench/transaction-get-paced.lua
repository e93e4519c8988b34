-- E16 by id at a modest rate: transaction-get.lua (every answer checked, round-robin over BENCH_IDS_FILE) with a
-- pause of BENCH_DELAY_MS milliseconds before each request of a connection (wrk's delay(); the pause is not counted
-- in the latency). bench/cardfiles.sh measures E16's latency with it, idle and while a card file is imported.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "transaction-get.lua")

dofile(here .. "paced.lua")
