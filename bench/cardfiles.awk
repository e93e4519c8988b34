# bench/cardfiles.sh: writes ROWS card rows as a card file's CSV (DESIGN.md section 13), a header then per row a unique
# reference (PREFIX-000000001...), a random Luhn-valid number of a known brand (Visa, Mastercard 51-55, Amex 34/37,
# Discover 6011), an expiry after YEAR and a cardholder name. Variables: rows, seed, prefix, year (this year).
function digits(n,   s) {
  s = ""
  while (length(s) < n) s = s sprintf("%04d", int(rand() * 10000))
  return substr(s, 1, n)
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
  print "reference,cardNumber,expirationMonth,expirationYear,cardholderName"
  for (r = 1; r <= rows; r++) {
    b = rand()
    if (b < 0.5) pan = luhn("4" digits(14))                                   # Visa, 16 digits
    else if (b < 0.8) pan = luhn("5" (1 + int(rand() * 5)) digits(13))       # Mastercard 51-55, 16
    else if (b < 0.92) pan = luhn((rand() < 0.5 ? "34" : "37") digits(12))  # Amex, 15
    else pan = luhn("6011" digits(11))                                       # Discover, 16
    printf "%s-%09d,%s,%d,%d,%s %s\n", prefix, r, pan, 1 + int(rand() * 12), year + 1 + int(rand() * 5),
      first[1 + int(rand() * 16)], last[1 + int(rand() * 16)]
  }
}
