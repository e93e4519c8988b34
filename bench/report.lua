-- The report shared by the benchmarks' wrk scripts (loaded by each of them: live.lua, tokenize.lua, authorize.lua,
-- transaction-get.lua).
-- wrk calls done() once, after the run, with the results of all its threads merged.
-- "non-2xx" is wrk's own count of HTTP answers with a status of 400 or more (the endpoints measured here
-- never redirect); socket errors (connect, read, write, timeout) are counted apart.
-- "bad" counts answers that check_answers() (below) refused: a wrong status (a 200 decline where 201 was
-- expected, too) or a body without the expected text; 0 when the script does not check its answers.

-- Every thread, numbered from 1 (thread_number in its own Lua state: lines.lua and tokenize.lua use it).
bench_threads = {}
function setup(thread)
   bench_threads[#bench_threads + 1] = thread
   thread:set("thread_number", #bench_threads)
end

-- Per thread (each has its own Lua state): answers refused by check_answers, and the first one for the log.
bad = 0
first_bad = nil

-- Checks every answer: its status must be `status` and its body must contain `text` (plain text, not a pattern).
-- Defining response() makes wrk hand every body to Lua: a small cost, the same for every run.
function check_answers(status, text)
   function response(got, headers, body)
      if got ~= status or (text ~= nil and (body == nil or not string.find(body, text, 1, true))) then
         bad = bad + 1
         if first_bad == nil then
            first_bad = tostring(got) .. " " .. string.sub(body or "", 1, 300)
         end
      end
   end
end

function done(summary, latency, requests)
   local seconds = summary.duration / 1e6
   local rps = seconds > 0 and summary.requests / seconds or 0
   local e = summary.errors
   local socket_errors = e.connect + e.read + e.write + e.timeout
   local p50 = latency:percentile(50) / 1000
   local p99 = latency:percentile(99) / 1000
   local refused, example = 0, nil
   for _, thread in ipairs(bench_threads) do
      refused = refused + (thread:get("bad") or 0)
      example = example or thread:get("first_bad")
   end
   io.write(string.format("requests/s: %.1f  p50: %.2f ms  p99: %.2f ms  non-2xx: %d  bad answers: %d  (requests: %d, socket errors: %d)\n",
      rps, p50, p99, e.status, refused, summary.requests, socket_errors))
   if example ~= nil then
      io.write("first bad answer: " .. example .. "\n")
   end
   -- One machine-readable line for bench_measure in bench/lib.sh.
   io.write(string.format("BENCH_RESULT rps=%.1f p50_ms=%.2f p99_ms=%.2f non2xx=%d requests=%d socket_errors=%d bad=%d\n",
      rps, p50, p99, e.status, summary.requests, socket_errors, refused))
end
