# bench/cardfiles.sh: writes ROWS card rows as a card file's CSV (DESIGN.md section 13), a header then per row a unique
# reference (PREFIX-000000001...), a random Luhn-valid number of a known brand (Visa, Mastercard 51-55, Amex 34/37,
# Discover 6011), an expiry after YEAR and a cardholder name. Variables: rows, seed, prefix, year (this year), wide
# (1: every optional column too, each at its full width, in letters that hardly compress: about 1.5 KiB a row).
function digits(n,   s) {
  s = ""
  while (length(s) < n) s = s sprintf("%04d", int(rand() * 10000))
  return substr(s, 1, n)
}
function letters(n,   at) { # n letters from a random place in the pool
  at = 1 + int(rand() * (length(pool) - n))
  return substr(pool, at, n)
}
function luhn(body,   i, n, sum, v) {
  n = length(body); sum = 0
  for (i = n; i >= 1; i--) {
    v = substr(body, i, 1) + 0
    if ((n - i) % 2 == 0) { v *= 2; if (v > 9) v -= 9 }
    sum += v
  }
  return body ((10 - sum % 10) % 10)
}
BEGIN {
  srand(seed)
  split("Ada Grace Alan Edsger Barbara Donald Frances Ken Dennis Margaret Linus Radia Tim Sophie John Niklaus", first, " ")
  split("Lovelace Hopper Turing Dijkstra Liskov Knuth Allen Thompson Ritchie Hamilton Torvalds Perlman Berners-Lee Wilson Backus Wirth", last, " ")
  header = "reference,cardNumber,expirationMonth,expirationYear,cardholderName"
  if (wide) {
    header = header ",firstName,lastName,email,phone,addressLine1,addressLine2,city,state,zip,country"
    for (i = 0; i < 65536; i++) pool = pool sprintf("%c", 97 + int(rand() * 26))
  }
  print header
  for (r = 1; r <= rows; r++) {
    b = rand()
    if (b < 0.5) pan = luhn("4" digits(14))                                   # Visa, 16 digits
    else if (b < 0.8) pan = luhn("5" (1 + int(rand() * 5)) digits(13))       # Mastercard 51-55, 16
    else if (b < 0.92) pan = luhn((rand() < 0.5 ? "34" : "37") digits(12))  # Amex, 15
    else pan = luhn("6011" digits(11))                                       # Discover, 16
    printf "%s-%09d,%s,%d,%d,%s %s", prefix, r, pan, 1 + int(rand() * 12), year + 1 + int(rand() * 5),
      first[1 + int(rand() * 16)], last[1 + int(rand() * 16)]
    if (wide) { # each optional column at its width (FileTokens.WIDTHS); the email's 250 as 120 + "@" + 121 + ".example"
      printf ",%s,%s,%s@%s.example,%s,%s,%s,%s,%s,%s,%s", letters(150), letters(150), letters(120), letters(121),
        digits(50), letters(250), letters(250), letters(100), letters(100), digits(20), letters(60)
    }
    printf "\n"
  }
}
