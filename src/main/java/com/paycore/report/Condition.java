package com.paycore.report;

import java.util.Arrays;
import java.util.Optional;

/** E3's filter conditions (the constants are the wire values). */
enum Condition {
    Equals, NotEquals, Contains, StartsWith, GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual;

    static Optional<Condition> byName(String name) {
        return Arrays.stream(values()).filter(c -> c.name().equals(name)).findFirst();
    }

    /** Whether the condition applies to values of this kind: text takes all, numbers no pattern, booleans only (in)equality. */
    boolean appliesTo(Dimension.Kind kind) {
        return switch (kind) {
            case TEXT -> true;
            case INT -> this != Contains && this != StartsWith;
            case BOOL -> this == Equals || this == NotEquals;
        };
    }

    /** The comparison operator of the ordering conditions and Equals. */
    String operator() {
        return switch (this) {
            case Equals -> "=";
            case GreaterThan -> ">";
            case GreaterThanOrEqual -> ">=";
            case LessThan -> "<";
            case LessThanOrEqual -> "<=";
            default -> throw new IllegalStateException(name() + " has no single operator");
        };
    }
}
