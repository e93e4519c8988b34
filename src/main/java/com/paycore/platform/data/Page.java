package com.paycore.platform.data;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/** limit/offset of a list: default limit 20, at most {@link #MAX_LIMIT} (DESIGN.md section 3). */
public record Page(int limit, int offset) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 1000;

    public static Page of(Integer limit, Integer offset) {
        return of(limit, offset, DEFAULT_LIMIT, MAX_LIMIT);
    }

    public static Page of(Integer limit, Integer offset, int defaultLimit, int maxLimit) {
        int l = limit == null ? defaultLimit : limit;
        int o = offset == null ? 0 : offset;
        if (l < 1 || l > maxLimit || o < 0) {
            throw new AppException(ErrorCode.LIMIT_OUT_OF_RANGE, maxLimit);
        }
        return new Page(l, o);
    }

    /**
     * A page within the bounds {@link #of} holds the API's lists to (limit 1 to {@link #MAX_LIMIT}, offset at least 0,
     * and offset + limit still an int), for lists whose offset is computed or comes from a page's own controls (the
     * console's): a value outside is taken to the nearest bound, since such a page answers a page, not a 400.
     */
    public static Page within(long limit, long offset) {
        int l = (int) Math.max(1, Math.min(MAX_LIMIT, limit));
        int o = (int) Math.max(0, Math.min((long) Integer.MAX_VALUE - l, offset));
        return new Page(l, o);
    }
}
