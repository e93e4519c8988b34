package com.paycore.processor;

/**
 * The merchant credentials a project's processor calls are made with (E9), in the version pinned on the
 * transaction. Unset ({@link #NONE}) when the project never had credentials: the Simulator needs none.
 */
record MerchantAccount(int version, String merchantId, String apiKey, boolean testMode) {

    static final MerchantAccount NONE = new MerchantAccount(0, null, null, true);

    @Override
    public String toString() {
        return "MerchantAccount[version=" + version + ", merchantId=" + merchantId + "]"; // never the api key
    }
}
