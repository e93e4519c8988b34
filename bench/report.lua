-- The report shared by the benchmarks' wrk scripts (loaded by each of them: live.lua, tokenize.lua, authorize.lua,
-- transaction-get.lua).
-- wrk calls done() once, after the run, with the results of all its threads merged.
-- "non-2xx" is wrk's own count of HTTP answers with a status of 400 or more (the endpoints measured here
-- never redirect); socket errors (connect, read, write, timeout) are counted apart.

function done(summary, latency, requests)
   local seconds = summary.duration / 1e6
   local rps = seconds > 0 and summary.requests / seconds or 0
   local e = summary.errors
   local socket_errors = e.connect + e.read + e.write + e.timeout
   local p50 = latency:percentile(50) / 1000
   local p99 = latency:percentile(99) / 1000
   io.write(string.format("requests/s: %.1f  p50: %.2f ms  p99: %.2f ms  non-2xx: %d  (requests: %d, socket errors: %d)\n",
      rps, p50, p99, e.status, summary.requests, socket_errors))
   -- One machine-readable line for bench_measure in bench/lib.sh.
   io.write(string.format("BENCH_RESULT rps=%.1f p50_ms=%.2f p99_ms=%.2f non2xx=%d requests=%d socket_errors=%d\n",
      rps, p50, p99, e.status, summary.requests, socket_errors))
end
