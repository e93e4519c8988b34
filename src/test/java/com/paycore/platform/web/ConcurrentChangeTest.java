package com.paycore.platform.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.TransactionalException;

import org.junit.jupiter.api.Test;

class ConcurrentChangeTest {

    @Test
    void anOptimisticLockFailureAnywhereInTheChainIsAConcurrentChange() {
        assertTrue(UnexpectedErrorMapper.isConcurrentChange(new OptimisticLockException("version moved")));
        assertTrue(UnexpectedErrorMapper.isConcurrentChange(
                new TransactionalException("commit failed", new PersistenceException(new OptimisticLockException()))));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(UnexpectedErrorMapper.isConcurrentChange(new PersistenceException("constraint")));
        assertFalse(UnexpectedErrorMapper.isConcurrentChange(new IllegalStateException()));
    }
}
