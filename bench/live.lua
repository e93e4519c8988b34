-- GET of the URL given to wrk (the benchmarks pass /health/live), reported like the other runs.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

-- MicroProfile Health's answer: 200 with {"status":"UP",...}.
check_answers(200, '"UP"')
