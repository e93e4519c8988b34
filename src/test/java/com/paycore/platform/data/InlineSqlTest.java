package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;

/**
 * SQL lives in named constants (docs/ARCHITECTURE.md, "SQL"), where {@link RowsStatements} runs every one against the
 * schema: in a source file of src/main/java that runs SQL ({@code Jdbc}, {@code java.sql}, a native query), a string
 * that reads as SQL (a literal, or a concatenation starting with one) is part of a {@code static final} field's
 * initializer, never an argument written inline (to {@code Jdbc}, a {@code Session} or a helper that passes it on)
 * nor a local variable. The exceptions build their statement at run time; {@link RowsStatements} checks each
 * statement they build, and each has a scenario running it. And a statement, SQL or JPQL, is written in the home of its
 * table ({@link #statementsLiveInTheHomeOfTheirTable}), not in the services that run it.
 */
class InlineSqlTest {

    /** The classes that build SQL at run time, and why; RowsStatements checks what each builds. */
    static final Map<String, String> DYNAMIC = Map.of(
            "retention/RetentionJob.java", "one batched delete per declared kind: table and condition are the kind's"
                    + " (RetentionScenarios runs every kind)",
            "secret/MasterKeyRewrap.java", "the select and update of each sealed column a feature declares"
                    + " (MasterKeyScenarios rotates the key over every column)",
            "platform/data/EntityInsert.java", "an entity's insert from its mapping");

    private static final Path MAIN = Path.of("src/main/java/com/paycore");
    private static final Pattern RUNS_SQL = Pattern.compile("\\bJdbc\\b|java\\.sql|javax\\.sql|createNativeQuery");

    @Test
    void sqlIsWrittenOnlyInConstants() throws IOException {
        // JPA's JPQL only, or a named constant, is not inline SQL
        onlyIn(DYNAMIC, string -> string.inFileRunningSql() && !string.inConstant()
                && RowsStatements.readsAsSql(string.text()),
                "SQL written inline: make it a named static final String (RowsStatements checks it)",
                "an exception that builds no SQL any more: drop it");
    }

    /**
     * The home of each table's statements (docs/ARCHITECTURE.md, "SQL"): a statement, SQL or JPQL (a string literal, or
     * a concatenation starting with one, that reads as a {@code select}, {@code insert}, {@code update},
     * {@code delete} or {@code with}), is written in a {@code *Rows} or {@code *Repository} class of the feature that
     * owns the table, or in one of the {@link #OTHER_HOMES}; never in a service that runs it.
     */
    static final Map<String, String> OTHER_HOMES = Map.ofEntries(
            Map.entry("run/RunStore.java", "the runs table's store: every statement on runs, nothing else"),
            Map.entry("auth/RefreshTokens.java", "the refresh_tokens table's store: every statement on it, nothing else"),
            Map.entry("processor/IsoNumbers.java", "the ISO 8583 sequences' one user"),
            Map.entry("secret/LookupKey.java", "the crypto_keys row of the lookup key; its check for hashes made before"
                    + " it reads project_keys and payment_tokens in SQL: apikey and vault use secret, so asking them"
                    + " would be a cycle"),
            Map.entry("access/PayCallers.java", "the /api/pay authentication read model: one statement over the key's,"
                    + " project's, company's, processor's and keystore's tables (docs/ARCHITECTURE.md)"),
            Map.entry("report/ReportSql.java", "E3's read of the fact table, assembled per request from whitelists"),
            Map.entry("retention/RetentionJob.java", "one delete per kind the features declare (table and condition"
                    + " are the kind's)"),
            Map.entry("secret/MasterKeyRewrap.java", "the select and update of each sealed column the features declare"),
            Map.entry("platform/data/EntityInsert.java", "an entity's insert from its mapping"),
            Map.entry("platform/data/CopyText.java", "reads an EntityInsert's text to copy its rows (PostgreSQL COPY)"),
            Map.entry("platform/data/SchemaMigration.java", "the migration's advisory lock and Liquibase's own table"));

    /** A statement's start, its keywords all lower or all upper case (a sentence starts "Update a ..."). */
    private static final Pattern STATEMENT = Pattern.compile("(?s)\\s*(select\\s|SELECT\\s|insert\\s+into\\s|INSERT\\s+INTO\\s"
            + "|update\\s+[\\w?]+\\s+(\\w+\\s+)?set\\s|UPDATE\\s+[\\w?]+\\s+(\\w+\\s+)?SET\\s|delete\\s+from\\s|DELETE\\s+FROM\\s"
            + "|with\\s+\\w+\\s+as\\s*\\(|WITH\\s+\\w+\\s+AS\\s*\\().*");

    @Test
    void statementsLiveInTheHomeOfTheirTable() throws IOException {
        onlyIn(OTHER_HOMES, string -> !string.file().endsWith("Rows.java") && !string.file().endsWith("Repository.java")
                && STATEMENT.matcher(string.text()).matches(),
                "a statement outside its table's *Rows or *Repository class",
                "a home that holds no statement any more: drop it");
    }

    /**
     * Asserts that the strings {@code offending} picks appear only in the files {@code allowed} names, and that each of
     * those files still holds one.
     */
    private static void onlyIn(Map<String, String> allowed, Predicate<Found> offending, String elsewhereMessage,
                               String unusedMessage) throws IOException {
        List<String> elsewhere = new ArrayList<>();
        Set<String> allowedSeen = new TreeSet<>();
        for (Found string : strings()) {
            if (!offending.test(string)) {
                continue;
            }
            if (allowed.containsKey(string.file())) {
                allowedSeen.add(string.file());
            } else {
                elsewhere.add(string.where());
            }
        }
        assertEquals(List.of(), elsewhere, elsewhereMessage);
        assertEquals(new TreeSet<>(allowed.keySet()), allowedSeen, unusedMessage);
    }

    /**
     * A string of the application's sources: a literal, or a concatenation starting with one ({@link #text}), with its
     * file (under com/paycore), its line, whether it is part of a static final field's initializer and whether its file
     * runs SQL ({@link #RUNS_SQL}).
     */
    private record Found(String file, long line, String text, boolean inConstant, boolean inFileRunningSql) {
        String where() {
            return file + ":" + line + " " + text.strip();
        }
    }

    /** Every string of the application's sources, parsed by javac. */
    private static List<Found> strings() throws IOException {
        List<Found> found = new ArrayList<>();
        JavacTask task = parser();
        Trees trees = Trees.instance(task);
        for (CompilationUnitTree unit : task.parse()) {
            String file = MAIN.toAbsolutePath().relativize(Path.of(unit.getSourceFile().toUri())).toString().replace('\\', '/');
            boolean runsSql = RUNS_SQL.matcher(unit.getSourceFile().getCharContent(true)).find();
            new TreePathScanner<Void, Void>() {
                @Override
                public Void visitBinary(BinaryTree binary, Void nothing) {
                    return string(binary) ? null : super.visitBinary(binary, nothing);
                }

                @Override
                public Void visitLiteral(LiteralTree literal, Void nothing) {
                    string(literal);
                    return null;
                }

                /** A string (a literal, or a concatenation holding one): whether it was one, kept when it is. */
                private boolean string(ExpressionTree expression) {
                    StringBuilder text = new StringBuilder();
                    if (!text(expression, text)) {
                        return false;
                    }
                    long line = unit.getLineMap().getLineNumber(
                            trees.getSourcePositions().getStartPosition(unit, expression));
                    found.add(new Found(file, line, text.toString(), inConstant(getCurrentPath()), runsSql));
                    return true;
                }
            }.scan(unit, null);
        }
        return found;
    }

    /**
     * Appends the text of a string literal or of a concatenation starting with one (any other operand as {@code ?});
     * answers false for anything else.
     */
    private static boolean text(ExpressionTree expression, StringBuilder into) {
        if (expression instanceof LiteralTree literal) {
            if (literal.getValue() instanceof String value) {
                into.append(value);
                return true;
            }
            return false;
        }
        if (expression instanceof BinaryTree binary && binary.getKind() == Tree.Kind.PLUS
                && text(binary.getLeftOperand(), into)) {
            if (!text(binary.getRightOperand(), into)) {
                into.append('?');
            }
            return true;
        }
        return false;
    }

    /** Whether the expression at the path is part of the initializer of a static final field. */
    private static boolean inConstant(TreePath path) {
        for (TreePath at = path; at.getParentPath() != null; at = at.getParentPath()) {
            if (at.getLeaf() instanceof VariableTree variable && at.getParentPath().getLeaf() instanceof ClassTree) {
                Set<Modifier> modifiers = variable.getModifiers().getFlags();
                return modifiers.contains(Modifier.STATIC) && modifiers.contains(Modifier.FINAL);
            }
            if (at.getLeaf().getKind() == Tree.Kind.METHOD || at.getLeaf().getKind() == Tree.Kind.LAMBDA_EXPRESSION) {
                return false;
            }
        }
        return false;
    }

    /** javac over the application's sources, to parse them only. */
    private static JavacTask parser() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, null);
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(MAIN)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertTrue(sources.size() > 100, "sources found under " + MAIN.toAbsolutePath());
        return (JavacTask) javac.getTask(null, files, null, List.of("-proc:none"), null,
                files.getJavaFileObjectsFromPaths(sources));
    }
}
