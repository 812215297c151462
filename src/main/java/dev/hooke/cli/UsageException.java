package dev.hooke.cli;

import picocli.CommandLine;

/**
 * A bad option found after parsing (a value that does not apply to the scene, a field the scene
 * refuses). Its message is the whole line the user sees after {@code hooke: }, and starts with
 * the option's name; the command line exits with code 2.
 */
final class UsageException extends CommandLine.ParameterException {

    UsageException(CommandLine commandLine, String message) {
        super(commandLine, message);
    }
}
