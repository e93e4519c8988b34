package com.paycore.processor;

/** A card as a processor needs it. Exists only in memory, for one call; its text form shows the last four digits. */
public record CardData(String number, int expirationMonth, int expirationYear) {

    @Override
    public String toString() {
        return "CardData[****" + number.substring(Math.max(0, number.length() - 4)) + "]";
    }
}
