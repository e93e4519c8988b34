package com.paycore.platform.data;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.persistence.EntityManager;
import jakarta.persistence.TypedQuery;

/**
 * A JPQL query with optional conditions, each written once: a condition goes in with the value of the parameter it
 * names, and both are left out when the value is null (a filter the caller did not give).
 */
public final class Where {

    private final StringBuilder jpql;
    private final Map<String, Object> parameters = new LinkedHashMap<>();

    /** {@code select} (or {@code from}) {@code ... where} and the conditions that always hold, bound by the caller. */
    public Where(String select) {
        jpql = new StringBuilder(select);
    }

    /** Appends {@code and condition} and binds {@code value} to {@code :name}, unless the value is null. */
    public Where and(String condition, String name, Object value) {
        if (value != null) {
            and(condition);
            parameters.put(name, value);
        }
        return this;
    }

    /** Appends {@code and condition} (one without parameters), unless it is null. */
    public Where and(String condition) {
        if (condition != null) {
            jpql.append(" and ").append(condition);
        }
        return this;
    }

    /** Appends {@code and path is <value>} ({@link Jpql#is}), unless the value is null. */
    public Where is(String path, Boolean value) {
        return value == null ? this : and(Jpql.is(path, value));
    }

    /** Binds {@code value} to {@code :name}, a parameter of the last condition appended. */
    public Where with(String name, Object value) {
        parameters.put(name, value);
        return this;
    }

    /** The query, ending in {@code rest} ({@code " order by ..."}, or empty), its optional parameters bound. */
    public <T> TypedQuery<T> query(EntityManager em, Class<T> type, String rest) {
        return bind(em.createQuery(jpql + rest, type));
    }

    /** Binds the optional parameters to a query made of this text (two queries over one {@code from ... where}). */
    public <T> TypedQuery<T> bind(TypedQuery<T> query) {
        parameters.forEach(query::setParameter);
        return query;
    }

    /** The JPQL so far. */
    @Override
    public String toString() {
        return jpql.toString();
    }
}
