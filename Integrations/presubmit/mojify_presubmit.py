"""A depot_tools presubmit check: `mojify lint --files` on the change's affected files.

Copy this file into the fork (for example next to its PRESUBMIT.py) and call it from PRESUBMIT.py; see the
README's "Presubmit (depot_tools)" section. Each finding becomes one presubmit result: an error a
PresubmitError, a warning a PresubmitPromptWarning, a note a PresubmitNotifyResult.
"""


def CheckMojifyLint(input_api, output_api, ledger=None, extra_args=(), mojify=None):
    """Lints the change's added and modified files under the presubmit's folder with mojify.

    ledger: the claim ledger, relative to the repository root (or absolute), as `mojify lint --ledger` takes it.
    extra_args: more `mojify lint` options (`--exclude`, `--rules`, ...).
    mojify: the mojify executable; by default $MOJIFY, else `mojify` on PATH.
    """
    files = [f.AbsoluteLocalPath() for f in input_api.AffectedFiles(include_deletes=False)]
    if not files:
        return []
    root = input_api.change.RepositoryRoot()
    command = [mojify or input_api.environ.get('MOJIFY', 'mojify'), 'lint', root, '--files', '-', '--format', 'json']
    if ledger:
        command += ['--ledger', ledger]
    command += list(extra_args)
    # input_api.subprocess is depot_tools' subprocess2, which has Popen but not run.
    subprocess = input_api.subprocess
    try:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   cwd=root)
    except OSError as error:
        return [output_api.PresubmitError('mojify could not be run (%s); install it or set $MOJIFY' % error)]
    stdout, stderr = process.communicate(('\n'.join(files) + '\n').encode())
    # 0: nothing at or above --fail-on, 1: findings; anything else is a usage or input error, never "no findings".
    if process.returncode not in (0, 1):
        return [output_api.PresubmitError('mojify lint failed (exit status %d)' % process.returncode,
                                          long_text=stderr.decode(errors='replace'))]
    kinds = {
        'error': output_api.PresubmitError,
        'warning': output_api.PresubmitPromptWarning,
        'note': output_api.PresubmitNotifyResult,
    }
    results = []
    for finding in input_api.json.loads(stdout)['findings']:
        location = finding['location']
        place = '%s:%d:%d' % (location['file'], max(location['line'], 1), max(location['column'], 1))
        results.append(kinds[finding['severity']]('%s: %s [mojify %s]' % (place, finding['message'], finding['ruleId'])))
    return results
