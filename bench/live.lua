-- GET of the URL given to wrk (bench/tokenize.sh passes /health/live), reported like the tokenization run.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")
