package com.paycore.platform.input;

import java.util.Objects;
import java.util.UUID;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/** Body fields known by two names (the typed name and the description's): either may be sent, not two different values. */
public final class Aliases {

    private Aliases() {
    }

    public static <T> T either(String typedName, T typed, String aliasName, T alias) {
        if (typed != null && alias != null && !Objects.equals(typed, alias)) {
            throw new AppException(ErrorCode.FIELD_CONFLICT, typedName, aliasName);
        }
        return typed != null ? typed : alias;
    }

    /** A body id, when given, must be the path id. */
    public static void requireSameId(UUID pathId, UUID bodyId) {
        if (bodyId != null && !bodyId.equals(pathId)) {
            throw new AppException(ErrorCode.ID_MISMATCH);
        }
    }
}
