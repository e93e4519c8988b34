package com.paycore.cardfile;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The columns of a card file (DESIGN.md section 13) and the header's rules: names matched exactly (a UTF-8 byte order
 * mark before the first one and spaces around each are dropped), a security-code column fails the file, so does an
 * unknown or repeated column, a missing required one, or a first line that names no column at all (a file without a
 * header, whose first line is a card: its cells are then never quoted in the failure).
 */
final class CardColumns {

    static final List<String> REQUIRED = List.of("reference", "cardNumber", "expirationMonth", "expirationYear",
            "cardholderName");
    static final List<String> OPTIONAL = List.of("firstName", "lastName", "email", "phone", "addressLine1",
            "addressLine2", "city", "state", "zip", "country");
    private static final Set<String> SECURITY_CODES = Set.of("cvv", "cvc", "cvv2", "cvc2", "securitycode");
    private static final Set<String> KNOWN;

    static {
        Set<String> known = new LinkedHashSet<>(REQUIRED);
        known.addAll(OPTIONAL);
        KNOWN = Set.copyOf(known);
    }

    private CardColumns() {
    }

    /** The header's column names in file order, or the failure of the file. */
    static List<String> header(List<String> cells) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            String name = cells.get(i).strip();
            names.add(i == 0 && name.startsWith("\uFEFF") ? name.substring(1).strip() : name);
        }
        for (String name : names) {
            if (SECURITY_CODES.contains(name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", ""))) {
                throw new CardFileException(CardFileException.Reason.HEADER, "the header names a card security code column ("
                        + name + "): security codes must never be stored, so no card file may carry them");
            }
        }
        if (names.stream().noneMatch(KNOWN::contains)) {
            throw new CardFileException(CardFileException.Reason.HEADER,
                    "no header: the first line names none of the columns " + String.join(", ", REQUIRED));
        }
        List<String> unknown = names.stream().filter(n -> !KNOWN.contains(n)).map(CardColumns::shown).toList();
        if (!unknown.isEmpty()) {
            throw new CardFileException(CardFileException.Reason.HEADER, "unknown columns: " + String.join(", ", unknown));
        }
        Set<String> seen = new LinkedHashSet<>();
        for (String name : names) {
            if (!seen.add(name)) {
                throw new CardFileException(CardFileException.Reason.HEADER, "the column " + name + " appears twice");
            }
        }
        List<String> missing = REQUIRED.stream().filter(n -> !seen.contains(n)).toList();
        if (!missing.isEmpty()) {
            throw new CardFileException(CardFileException.Reason.HEADER,
                    "required columns missing: " + String.join(", ", missing));
        }
        return List.copyOf(names);
    }

    /**
     * An unknown name as the failure shows it: at most 40 characters, runs of five or more digits replaced by "#" (a
     * header cell is no place for a card number, but a failure text must never carry one).
     */
    private static String shown(String name) {
        String masked = name.replaceAll("\\d{5,}", "#").replaceAll("\\p{Cntrl}", "?");
        return "\"" + (masked.length() > 40 ? masked.substring(0, 40) + "..." : masked) + "\"";
    }
}
