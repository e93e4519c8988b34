-- GET /api/diag/hello (bench/trivial.sh): the trivial resource's answer, 200 with {"greeting":"hello",...}.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

check_answers(200, '"greeting":"hello"')
