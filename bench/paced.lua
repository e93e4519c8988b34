-- A pause of BENCH_DELAY_MS milliseconds before each request of a connection (wrk's delay(); the pause is not
-- counted in the latency): loaded after a load script, it turns that script's requests into a modest, paced load.
local pause = tonumber(os.getenv("BENCH_DELAY_MS") or "0") or 0
if pause > 0 then
   function delay()
      return pause
   end
end
