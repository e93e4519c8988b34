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
}
