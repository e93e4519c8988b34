-- E10 tokenization load: POST {"creditCard": ..., "personAddress": ...} to the URL given to wrk
-- (http://host:port/api/pay/{projectId}/companyProjectCreditCardPaymentsInfo).
-- Environment: BENCH_API_KEY (required) is the project's API key value, sent as X-API-Key.
--              UNIQUE_CARDS=1 sends a different Luhn-valid Visa number on every request (default: the
--              Simulator's approving test card 4242424242424242 every time).
-- The report (requests/s, p50, p99, non-2xx) is printed by done(), in report.lua.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

local key = os.getenv("BENCH_API_KEY")
if key == nil or key == "" then
   error("set BENCH_API_KEY to the project's API key value")
end

local template = '{"creditCard":{"cardNumber":"%s","expirationMonth":12,"expirationYear":2031,'
   .. '"cvv":"123","cardholderName":"Bench Mark"},'
   .. '"personAddress":{"firstName":"Bench","lastName":"Mark","email":"bench@example.com",'
   .. '"addressLine1":"1 Main St","city":"Springfield","state":"IL","zip":"62701","country":"US"}}'

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
wrk.headers["X-API-Key"] = key

-- Every answer is checked: 201 with a payment token.
check_answers(201, '"paymentToken":"tok_')
wrk.body = string.format(template, "4242424242424242")

if os.getenv("UNIQUE_CARDS") == "1" then
   -- A 16-digit Visa number (prefix 4) with a valid Luhn check digit.
   local function card_number()
      local d = { 4 }
      for i = 2, 15 do
         d[i] = math.random(0, 9)
      end
      local sum = 0
      for i = 15, 1, -1 do
         local v = d[i]
         if (15 - i) % 2 == 0 then
            v = v * 2
            if v > 9 then v = v - 9 end
         end
         sum = sum + v
      end
      d[16] = (10 - sum % 10) % 10
      return table.concat(d)
   end

   function init(args)
      math.randomseed(os.time() * 1000 + (thread_number or 0))
   end

   function request()
      return wrk.format(nil, nil, nil, string.format(template, card_number()))
   end
end
