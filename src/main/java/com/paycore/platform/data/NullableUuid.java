package com.paycore.platform.data;

import java.util.UUID;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/**
 * For UUID columns that may be null: EclipseLink 4.0's built-in UUID conversion fails on a null value, so
 * such attributes hand the UUID to the driver as it is (PostgreSQL and H2 both bind and return java.util.UUID).
 */
@Converter
public class NullableUuid implements AttributeConverter<UUID, Object> {

    @Override
    public Object convertToDatabaseColumn(UUID attribute) {
        return attribute;
    }

    @Override
    public UUID convertToEntityAttribute(Object column) {
        if (column == null || column instanceof UUID) {
            return (UUID) column;
        }
        return UUID.fromString(column.toString());
    }
}
