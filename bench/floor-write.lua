-- The write floor (bench/trivial/Floor.java): POST <URL given to wrk> (http://host:port/api/diag/floor), one row
-- inserted and committed through the service's pool per request.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

wrk.method = "POST"
wrk.headers["Accept"] = "application/json"

-- Every answer is checked: 200 with the row written.
check_answers(200, '"floor":"written"')
