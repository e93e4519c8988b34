-- E10 tokenize at a modest rate: tokenize.lua (every answer checked) with a pause of BENCH_DELAY_MS milliseconds
-- before each request of a connection (wrk's delay(); the pause is not counted in the latency). bench/cardfiles.sh
-- measures tokenize's latency with it, idle and while a card file is imported.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "tokenize.lua")

dofile(here .. "paced.lua")
