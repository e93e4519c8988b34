-- GET of the URL given to wrk (the benchmarks pass /health/live), reported like the other runs.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")
