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

    /** The console's pages: computed offsets (a page number times a size) and a table's own offset, kept in bounds. */
    @Test
    void withinTakesAValueOutsideTheBoundsToTheNearestOne() {
        assertEquals(new Page(21, 199_980), Page.within(21, 9_999L * 20));
        assertEquals(new Page(51, 0), Page.within(51, -50));
        assertEquals(new Page(1, 0), Page.within(0, 0));
        assertEquals(new Page(1000, 0), Page.within(5000, 0));
        Page far = Page.within(50, 100_000L * Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE - 50, far.offset(), "offset + limit still an int");
        assertTrue(far.offset() + far.limit() > 0);
        Page table = Page.within(20, Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE - 20, table.offset());
    }
}
