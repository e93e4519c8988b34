-- Helpers of the wrk scripts that go round-robin over the lines of a file (authorize.lua, transaction-get.lua,
-- floor-read.lua, floor-readwrite.lua).

-- The non-empty lines of the file named by the environment variable `variable`.
function read_lines(variable)
   local file = os.getenv(variable)
   if file == nil or file == "" then
      error("set " .. variable .. " to a file with one value per line")
   end
   local lines = {}
   for line in io.lines(file) do
      if line ~= "" then
         lines[#lines + 1] = line
      end
   end
   if #lines == 0 then
      error(file .. " (" .. variable .. ") has no lines")
   end
   return lines
end

-- Kept for the scripts that call it: report.lua's setup() now numbers the threads (thread_number).
function round_robin_threads()
end

local position = nil

-- The next index in 1..count, going round; thread n starts n * 7919 places on.
function next_index(count)
   if position == nil then
      position = ((thread_number or 0) * 7919) % count
   end
   position = position % count + 1
   return position
end

-- Requests of this method to <URL given to wrk>?id=<id>, round-robin over the ids of the file named by BENCH_IDS_FILE
-- (defines the script's request()).
function by_ids(method)
   local paths = {}
   for i, id in ipairs(read_lines("BENCH_IDS_FILE")) do
      paths[i] = wrk.path .. "?id=" .. id
   end
   request = function()
      return wrk.format(method, paths[next_index(#paths)])
   end
end
