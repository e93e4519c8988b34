package com.paycore.platform.data;

import java.sql.SQLException;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/** Turns a unique-constraint violation at flush (a concurrent duplicate that passed the check) into a 400. */
public final class UniqueViolations {

    private UniqueViolations() {
    }

    public static void flush(EntityManager em, ErrorCode whenDuplicate) {
        try {
            em.flush();
        } catch (PersistenceException e) {
            if (isUniqueViolation(e)) {
                throw new AppException(whenDuplicate);
            }
            throw e;
        }
    }

    public static boolean isUniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
