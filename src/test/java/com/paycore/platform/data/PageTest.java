package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

class PageTest {

    @Test
    void defaults() {
        assertEquals(new Page(20, 0), Page.of(null, null));
        assertEquals(new Page(20, 5), Page.of(null, 5));
        assertEquals(new Page(7, 0), Page.of(7, null));
    }

    @Test
    void bounds() {
        assertEquals(new Page(1, 0), Page.of(1, 0));
        assertEquals(new Page(1000, 0), Page.of(1000, 0));
        assertEquals(new Page(1000, Integer.MAX_VALUE), Page.of(1000, Integer.MAX_VALUE));
    }

    @ParameterizedTest
    @CsvSource(value = {"0,0", "1001,0", "-1,0", "20,-1", "null,-1", "0,null", "2147483647,0"}, nullValues = "null")
    void outOfRange(Integer limit, Integer offset) {
        AppException e = assertThrows(AppException.class, () -> Page.of(limit, offset));
        assertEquals(ErrorCode.LIMIT_OUT_OF_RANGE, e.code());
        assertEquals(400, e.getResponse().getStatus());
        assertTrue(e.getMessage().contains("1000"), e.getMessage());
    }

    @Test
    void customDefaultAndMaximum() {
        assertEquals(new Page(50, 0), Page.of(null, null, 50, 100));
        assertEquals(new Page(100, 0), Page.of(100, null, 50, 100));
        AppException e = assertThrows(AppException.class, () -> Page.of(101, 0, 50, 100));
        assertTrue(e.getMessage().contains("between 1 and 100,"), e.getMessage());
    }
}
