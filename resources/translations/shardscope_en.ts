<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ExportDialog</name>
    <message numerus="yes">
        <source>As planned (%n node(s))</source>
        <translation>
            <numerusform>As planned (%n node)</numerusform>
            <numerusform>As planned (%n nodes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of %1 GPUs.</source>
        <translation>
            <numerusform>%n node of %1 GPUs.</numerusform>
            <numerusform>%n nodes of %1 GPUs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n script(s) in %1</source>
        <translation>
            <numerusform>Saved %n script in %1</numerusform>
            <numerusform>Saved %n scripts in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Teaching</name>
    <message numerus="yes">
        <source>%n micro-batch(es)</source>
        <translation>
            <numerusform>%n micro-batch</numerusform>
            <numerusform>%n micro-batches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n decoding sequence(s) each</source>
        <translation>
            <numerusform>of %n decoding sequence each</numerusform>
            <numerusform>of %n decoding sequences each</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 through %n stage(s) take %3.</source>
        <translation>
            <numerusform>%1 %2 through %n stage take %3.</numerusform>
            <numerusform>%1 %2 through %n stages take %3.</numerusform>
        </translation>
    </message>
</context>
</TS>
